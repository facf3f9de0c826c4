// The admin run list: each filter narrows the list, and keyset pages on (queuedAt, id) walk
// every run exactly once, runs queued at the very same instant included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createAgent } from "@/server/testing/agents";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { sendMessage } from "@/server/domain/messages/send-message";
import { listRuns } from "../list-runs";

let t: TestServer;
let admin: TestUser;
let scout: { id: string };
let critic: { id: string };
let spaceA: string;
let spaceB: string;
let triggerText: string;
const T0 = new Date("2026-01-01T12:00:00.000Z");
const all: string[] = [];

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.user("Ada", { isAdmin: true });
  // Disabled agents: the worker never claims their runs, so the rows stay as written.
  scout = await createAgent(t.deps.db, "Scout", { enabled: false });
  critic = await createAgent(t.deps.db, "Critic", { enabled: false });
  spaceA = (await createChannel(t.deps, admin.actor, { name: "alpha" })).id;
  spaceB = (await createChannel(t.deps, admin.actor, { name: "beta" })).id;
  const { message: m } = await sendMessage(t.deps, admin.actor, { spaceId: spaceA, text: "please look at the launch checklist" });
  triggerText = m.text;
  const make = (data: Record<string, unknown>) =>
    t.deps.db.run.create({ data: { agentId: scout.id, triggerType: "space_message", queuedAt: T0, ...data } as never });
  // Seven runs at the same instant, then three a minute apart.
  for (let i = 0; i < 7; i++) all.push((await make({ triggerSpaceId: spaceA, status: "completed" })).id);
  all.push((await make({ triggerSpaceId: spaceA, triggerMessageId: m.id, status: "failed", queuedAt: new Date(T0.getTime() + 60_000) })).id);
  all.push((await make({ agentId: critic.id, triggerSpaceId: spaceB, status: "queued", queuedAt: new Date(T0.getTime() + 120_000) })).id);
  all.push(
    (await make({ triggerType: "service", serviceName: "ci", status: "completed", activeSpaceId: spaceB, queuedAt: new Date(T0.getTime() + 180_000) })).id,
  );
});
afterAll(() => t?.close());

const ids = async (query: Record<string, string>) => (await listRuns(t.deps, admin.actor, query)).runs.map((r) => r.id);

describe("run list filters", () => {
  it("shows the trigger's words and space, newest first", async () => {
    const { runs } = await listRuns(t.deps, admin.actor, {});
    expect(runs.map((r) => r.id).slice(0, 3)).toEqual([all[9], all[8], all[7]]);
    expect(runs[0]).toMatchObject({ triggerExcerpt: "service ci", triggerSpaceName: null });
    expect(runs[2]).toMatchObject({ triggerExcerpt: triggerText, triggerSpaceName: "alpha", status: "failed" });
  });

  it("narrows by agent, status, trigger type, space (triggered or working there) and time", async () => {
    expect(await ids({ agentId: critic.id })).toEqual([all[8]]);
    expect(await ids({ status: "failed" })).toEqual([all[7]]);
    expect(await ids({ triggerType: "service" })).toEqual([all[9]]);
    expect(await ids({ spaceId: spaceB })).toEqual([all[9], all[8]]);
    expect(await ids({ spaceId: spaceA, status: "completed" })).toHaveLength(7);
    expect(await ids({ from: new Date(T0.getTime() + 60_000).toISOString(), to: new Date(T0.getTime() + 180_000).toISOString() })).toEqual([all[8], all[7]]);
    expect(await ids({ agentId: scout.id, triggerType: "plan" })).toEqual([]);
  });

  it("refuses a bad filter with the field named", async () => {
    await expect(listRuns(t.deps, admin.actor, { status: "nonsense" })).rejects.toMatchObject({
      code: "bad_request",
      details: { fields: { status: expect.any(String) } },
    });
    await expect(listRuns(t.deps, admin.actor, { from: "yesterday" })).rejects.toMatchObject({ details: { fields: { from: expect.any(String) } } });
    await expect(listRuns(t.deps, admin.actor, { limit: "1000" })).rejects.toMatchObject({ details: { fields: { limit: expect.any(String) } } });
    await expect(listRuns(t.deps, admin.actor, { agentId: "x' OR 1=1 --" })).rejects.toMatchObject({ details: { fields: { agentId: "Not an id" } } });
    await expect(listRuns(t.deps, admin.actor, { before: "no-such-run" })).rejects.toMatchObject({ details: { fields: { before: "No such run" } } });
    await expect(listRuns(t.deps, admin.actor, { sort: "asc" })).rejects.toMatchObject({ code: "bad_request" });
  });
});

describe("run list pages", () => {
  it("walks every run once, in order, across runs queued at the same instant", async () => {
    for (const limit of [1, 2, 3, 4]) {
      const seen: string[] = [];
      let before: string | null = null;
      for (let page = 0; page < 20; page++) {
        const res = await listRuns(t.deps, admin.actor, { limit: String(limit), ...(before ? { before } : {}) });
        expect(res.runs.length).toBeLessThanOrEqual(limit);
        seen.push(...res.runs.map((r) => r.id));
        before = res.nextBefore;
        if (!before) break;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(await ids({ limit: "100" }));
      expect(seen).toHaveLength(all.length);
    }
  });

  it("keeps its place when newer runs arrive between pages, and pages within a filter", async () => {
    const first = await listRuns(t.deps, admin.actor, { limit: "3", spaceId: spaceA });
    await t.deps.db.run.create({
      data: { agentId: scout.id, triggerType: "space_message", triggerSpaceId: spaceA, status: "queued", queuedAt: new Date(T0.getTime() + 600_000) },
    });
    const second = await listRuns(t.deps, admin.actor, { limit: "100", spaceId: spaceA, before: first.nextBefore! });
    expect([...first.runs, ...second.runs].map((r) => r.id)).toEqual([all[7], ...all.slice(0, 7).sort().reverse()]);
    expect(second.nextBefore).toBeNull();
  });
});

describe("how the run list names what set a run off", () => {
  it("quotes the trigger's words without markdown, and names a direct space by the people in it", async () => {
    const { openDirectSpace } = await import("@/server/domain/spaces/open-direct-space");
    const ben = await t.user("Ben");
    const dm = await openDirectSpace(t.deps, admin.actor, { entityId: ben.actor.entityId });
    const { message } = await sendMessage(t.deps, admin.actor, { spaceId: dm.id, text: "**Reminder**: ship _it_" });
    const run = await t.deps.db.run.create({
      data: {
        agentId: scout.id,
        triggerType: "space_message",
        triggerSpaceId: dm.id,
        triggerMessageId: message.id,
        status: "completed",
        queuedAt: new Date(T0.getTime() - 60_000),
      },
    });
    const { runs } = await listRuns(t.deps, admin.actor, { spaceId: dm.id });
    expect(runs.find((r) => r.id === run.id)).toMatchObject({ triggerExcerpt: "Reminder: ship it", triggerSpaceName: "Ben", triggerSpaceKind: "direct" });
    const { listRunFilterOptions } = await import("../run-filter-options");
    const options = await listRunFilterOptions(t.deps, admin.actor);
    expect(options.spaces.find((s) => s.id === dm.id)).toEqual({ id: dm.id, name: "Ben", kind: "direct" });
    expect(options.spaces.every((s) => !s.name.startsWith("dm-"))).toBe(true);
  });
});
