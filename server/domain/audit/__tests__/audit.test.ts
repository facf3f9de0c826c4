// Every admin change is recorded with who, what and before → after, in the change's own
// transaction; the audit list pages newest first by keyset and is for admins only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createAgent } from "@/server/testing/agents";
import { updateAgent } from "../../agents/update-agent";
import { changedFields, recordAudit } from "../record-audit";
import { listAudit } from "../list-audit";

let t: TestServer;
let admin: TestUser;
let member: TestUser;
let scout: Awaited<ReturnType<typeof createAgent>>;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.user("Ada", { isAdmin: true });
  member = await t.user("Ben");
  scout = await createAgent(t.deps.db, "Scout", { provider: "offline", modelId: "parley-offline-1" });
});
afterAll(() => t?.close());

describe("changedFields", () => {
  it("keeps only what changed, on both sides, comparing content", () => {
    expect(changedFields({ a: 1, tools: ["x", "y"], s: { t: 1 } }, { a: 1, tools: ["x", "y"], s: { t: 2 }, b: "new" })).toEqual({
      before: { s: { t: 1 }, b: null },
      after: { s: { t: 2 }, b: "new" },
    });
    expect(changedFields({ a: 1 }, { a: 1, b: undefined })).toBeNull();
  });
});

describe("updateAgent's audit entry", () => {
  it("records who changed which fields, before → after", async () => {
    await updateAgent(t.deps, admin.actor, {
      agentId: scout.id,
      settings: { name: "Scout", instructions: "Be brief.", maxToolSteps: 7 },
      modelHosts: [],
    });
    const { entries } = await listAudit(t.deps, admin.actor, { agentId: scout.id });
    expect(entries[0]).toMatchObject({
      actor: { id: admin.actor.entityId, name: "Ada" },
      agentId: scout.id,
      action: "agent.update",
      subject: 'agent "Scout"',
      // The name was sent unchanged: it is not part of the change.
      before: { instructions: "", maxToolSteps: 20 },
      after: { instructions: "Be brief.", maxToolSteps: 7 },
    });
  });

  it("records nothing when nothing changed", async () => {
    const { entries: before } = await listAudit(t.deps, admin.actor, { agentId: scout.id });
    await updateAgent(t.deps, admin.actor, { agentId: scout.id, settings: { maxToolSteps: 7 }, modelHosts: [] });
    const { entries: after } = await listAudit(t.deps, admin.actor, { agentId: scout.id });
    expect(after).toHaveLength(before.length);
  });
});

describe("listAudit", () => {
  it("refuses members", async () => {
    await expect(listAudit(t.deps, member.actor, {})).rejects.toMatchObject({ code: "forbidden" });
  });

  it("pages newest first without repeating or skipping, even with equal timestamps", async () => {
    const at = new Date("2026-01-01T00:00:00Z");
    const other = await createAgent(t.deps.db, "Pager", {});
    for (let i = 0; i < 5; i++) await recordAudit(t.deps.db, admin.actor, { action: "goal.create", agentId: other.id, subject: `goal ${i}` });
    await t.deps.db.auditEntry.updateMany({ where: { agentId: other.id }, data: { createdAt: at } });
    const seen: string[] = [];
    let before: string | undefined;
    do {
      const page = await listAudit(t.deps, admin.actor, { agentId: other.id, limit: 2, ...(before && { before }) });
      seen.push(...page.entries.map((e) => e.subject));
      before = page.nextBefore ?? undefined;
    } while (before);
    expect(seen.sort()).toEqual(["goal 0", "goal 1", "goal 2", "goal 3", "goal 4"]);
  });
});
