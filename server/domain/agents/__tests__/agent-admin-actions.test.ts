// "Test model" and an agent's channels, as an admin changes them from the agent's page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MockLanguageModelV4 } from "ai/test";
import { APICallError } from "ai";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createAgent } from "@/server/testing/agents";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { openDirectSpace } from "@/server/domain/spaces/open-direct-space";
import { listAudit } from "@/server/domain/audit/list-audit";
import type { ModelResolver } from "@/server/agents/models/resolve-model";
import type { EventSink } from "@/server/domain/deps";
import { redact, testAgentModel } from "../test-agent-model";
import { addAgentToSpace } from "../add-agent-to-space";
import { removeAgentFromSpace } from "../remove-agent-from-space";
import { archiveAgent } from "../archive-agent";
import { updateAgent } from "../update-agent";
import { getSpace } from "@/server/domain/spaces/get-space";

let t: TestServer;
let admin: TestUser;
let member: TestUser;
let scout: Awaited<ReturnType<typeof createAgent>>;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.user("Ada", { isAdmin: true });
  member = await t.user("Ben");
  scout = await createAgent(t.deps.db, "Scout", { provider: "offline", modelSettings: { streamDelayMs: 0, thinkMs: 0 } });
});
afterAll(() => t?.close());

describe("testAgentModel", () => {
  it("answers through the offline model", async () => {
    const res = await testAgentModel(t.deps, admin.actor, { agentId: scout.id });
    expect(res.ok).toBe(true);
    expect(res.text.length).toBeGreaterThan(0);
  });

  it("says why a call fails, readably and without keys", async () => {
    const failing: ModelResolver = () => ({
      contextTokens: 8000,
      model: new MockLanguageModelV4({
        doGenerate: async () => {
          throw new APICallError({
            message: "Incorrect API key provided: sk-proj-abcdef123456",
            url: "https://api.openai.com/v1/chat",
            requestBodyValues: {},
            statusCode: 401,
          });
        },
      }),
    });
    const res = await testAgentModel({ ...t.deps, resolveModel: failing }, admin.actor, { agentId: scout.id });
    expect(res.ok).toBe(false);
    expect(res.text).toMatch(/refused the API key/);
    expect(res.text).not.toMatch(/abcdef123456/);
  });

  it("reports a missing provider key as the run would", async () => {
    const gpt = await createAgent(t.deps.db, "Gpt", { provider: "openai", modelId: "gpt-4o-mini" });
    const res = await testAgentModel(t.deps, admin.actor, { agentId: gpt.id });
    expect(res).toMatchObject({ ok: false, text: expect.stringMatching(/OPENAI_API_KEY is not set/) });
  });

  it("refuses members and unknown agents", async () => {
    await expect(testAgentModel(t.deps, member.actor, { agentId: scout.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(testAgentModel(t.deps, admin.actor, { agentId: "nope" })).rejects.toMatchObject({ code: "not_found" });
  });

  it("redacts key-like strings and bearer tokens", () => {
    expect(redact("key sk-ant-api03-XYZ and Bearer abc.def")).toBe("key [redacted] and Bearer [redacted]");
  });
});

describe("an agent's channels", () => {
  it("an admin adds the agent to a channel they are in, members are told in the channel, and it is audited", async () => {
    const ben = await t.user("Benny");
    const design = await createChannel(t.deps, ben.actor, { name: "design", memberIds: [admin.entityId] });
    const published: { room: string; event: string }[] = [];
    const joined: string[] = [];
    const events: EventSink = { ...t.deps.events, publish: (room, event) => published.push({ room, event }), joinSpace: (id) => joined.push(id) };
    const res = await addAgentToSpace({ db: t.deps.db, events }, admin.actor, { agentId: scout.id, spaceId: design.id });
    expect(res).toEqual({ added: true });
    expect(joined).toEqual([scout.entityId]);
    expect(published).toContainEqual({ room: `space:${design.id}`, event: "space:updated" });
    expect(published).toContainEqual({ room: `space:${design.id}`, event: "message:new" });
    expect(await t.deps.db.membership.count({ where: { spaceId: design.id, entityId: scout.entityId } })).toBe(1);
    // Again: nothing changes, nothing is recorded.
    expect(await addAgentToSpace(t.deps, admin.actor, { agentId: scout.id, spaceId: design.id })).toEqual({ added: false });

    await removeAgentFromSpace(t.deps, admin.actor, { agentId: scout.id, spaceId: design.id });
    expect(await t.deps.db.membership.count({ where: { spaceId: design.id, entityId: scout.entityId } })).toBe(0);
    await expect(removeAgentFromSpace(t.deps, admin.actor, { agentId: scout.id, spaceId: design.id })).rejects.toMatchObject({ code: "not_found" });

    const { entries } = await listAudit(t.deps, admin.actor, { agentId: scout.id });
    expect(entries.map((e) => [e.action, e.subject])).toEqual([
      ["agent.space_remove", "space #design"],
      ["agent.space_add", "space #design"],
    ]);
    const lines = await t.deps.db.message.findMany({ where: { spaceId: design.id, kind: "system" }, orderBy: { seq: "asc" }, select: { text: true } });
    expect(lines.map((l) => l.text)).toEqual(["Ada added Scout", "Ada removed Scout"]);
  });

  it("an admin who is not in the channel cannot add the agent (forbidden), before anything is written", async () => {
    const cleo = await t.user("Cleo");
    const hers = await createChannel(t.deps, cleo.actor, { name: "cleo-only" });
    await expect(addAgentToSpace(t.deps, admin.actor, { agentId: scout.id, spaceId: hers.id })).rejects.toMatchObject({
      code: "forbidden",
      message: "You can only add an agent to a channel you are a member of",
    });
    expect(await t.deps.db.membership.count({ where: { spaceId: hers.id, entityId: scout.entityId } })).toBe(0);
    expect(await t.deps.db.message.count({ where: { spaceId: hers.id } })).toBe(0);
  });

  it("refuses members, direct spaces, unknown channels and deleted agents", async () => {
    const ops = await createChannel(t.deps, member.actor, { name: "ops" });
    await expect(addAgentToSpace(t.deps, member.actor, { agentId: scout.id, spaceId: ops.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(removeAgentFromSpace(t.deps, member.actor, { agentId: scout.id, spaceId: ops.id })).rejects.toMatchObject({ code: "forbidden" });
    const dm = await openDirectSpace(t.deps, admin.actor, { entityId: member.entityId });
    await expect(addAgentToSpace(t.deps, admin.actor, { agentId: scout.id, spaceId: dm.id })).rejects.toMatchObject({ code: "bad_request" });
    await expect(addAgentToSpace(t.deps, admin.actor, { agentId: scout.id, spaceId: "nope" })).rejects.toMatchObject({ code: "not_found" });
    const gone = await createAgent(t.deps.db, "Gone", { provider: "offline" });
    await archiveAgent(t.deps, admin.actor, { agentId: gone.id });
    await expect(addAgentToSpace(t.deps, admin.actor, { agentId: gone.id, spaceId: ops.id })).rejects.toMatchObject({ code: "conflict" });
  });
});

describe("an agent disabled by an admin", () => {
  it("is shown as disabled to its spaces' members, who are told to reload the space", async () => {
    const quiet = await createAgent(t.deps.db, "Quiet", { provider: "offline" });
    const room = await createChannel(t.deps, admin.actor, { name: "quiet-room", memberIds: [quiet.entityId, member.entityId] });
    const published: string[] = [];
    const events: EventSink = { ...t.deps.events, publish: (r, event) => published.push(`${r} ${event}`) };
    await updateAgent({ db: t.deps.db, events }, admin.actor, { agentId: quiet.id, settings: { enabled: false }, modelHosts: [] });
    expect(published).toEqual([`space:${room.id} space:updated`]);
    const members = (await getSpace(t.deps, member.actor, { spaceId: room.id })).members;
    expect(members.find((m) => m.id === quiet.entityId)).toMatchObject({ agentStatus: "disabled" });
    // Saving without changing name or enabled tells no one.
    await updateAgent({ db: t.deps.db, events }, admin.actor, { agentId: quiet.id, settings: { persona: "Shh." }, modelHosts: [] });
    expect(published).toHaveLength(1);
  });
});
