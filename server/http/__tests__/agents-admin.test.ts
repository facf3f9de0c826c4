// Attacks on the agent admin endpoints: members are refused (403) on every one, malformed input
// is a 400 naming each bad field, the model test has its own rate limit, and the audit list
// pages with an admin's API token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createAgent } from "@/server/testing/agents";
import { request, run } from "@/server/testing/http";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { createApiToken } from "@/server/domain/users/create-api-token";
import { RATE_LIMITS } from "@/lib/limits";
import { createAgentHandler, listAgentsHandler, updateAgentHandler } from "../agents";
import { archiveAgentHandler } from "../agent-archive";
import { testModelHandler } from "../agent-model-test";
import { addAgentSpaceHandler, removeAgentSpaceHandler } from "../agent-spaces";
import { listAuditHandler } from "../audit";
import { listChannelChoices } from "@/server/domain/agents/list-channel-choices";
import { addMembers } from "@/server/domain/spaces/add-members";

let t: TestServer;
let admin: TestUser;
let member: TestUser;
let scoutId: string;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.user("Ada", { isAdmin: true });
  member = await t.user("Ben");
  scoutId = (await createAgent(t.deps.db, "Scout", { provider: "offline", modelSettings: { streamDelayMs: 0, thinkMs: 0 } })).id;
});
afterAll(() => t?.close());

const create = (as: { cookie?: string; bearer?: string }, body: unknown) => run(t, createAgentHandler, request("/api/agents", { ...as, body }));

describe("POST /api/agents", () => {
  it("creates an agent for an admin (201) and lists it", async () => {
    const res = await create({ cookie: admin.cookie }, { name: "Helper", persona: "Kind.", enabledTools: ["send_message", "read_messages"] });
    expect(res.status).toBe(201);
    expect(res.body.agent).toMatchObject({ name: "Helper", provider: "offline", enabledTools: ["send_message", "read_messages"] });
    const list = await run(t, listAgentsHandler, request("/api/agents", { cookie: admin.cookie }));
    expect(list.body.agents.map((a: { name: string }) => a.name)).toContain("Helper");
  });

  it("refuses members, and answers bad input with 400 naming every field", async () => {
    expect((await create({ cookie: member.cookie }, { name: "Sneaky" })).status).toBe(403);
    const bad = await create({ cookie: admin.cookie }, { name: "", provider: "skynet", maxToolSteps: 10_000 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["maxToolSteps", "name", "provider"]);
    expect((await create({ cookie: admin.cookie }, { name: "Helper" })).body.error).toMatchObject({ code: "conflict", fields: { name: expect.any(String) } });
    expect((await create({ cookie: admin.cookie }, { name: "X", modelSettings: { apiKey: "sk-1" } })).status).toBe(400);
    expect((await create({ cookie: admin.cookie }, { name: "x".repeat(5000) })).status).toBe(400);
    const huge = await run(
      t,
      createAgentHandler,
      request("/api/agents", { cookie: admin.cookie, raw: JSON.stringify({ name: "Big", persona: "x".repeat(70_000) }) }),
    );
    expect(huge.status).toBe(413);
  });

  it("sets the question timeout within its bounds (10 s to 1 h); members are refused", async () => {
    // An agent of its own: the audit test below counts Scout's changes.
    const id = (await createAgent(t.deps.db, "Waiter")).id;
    const patch = (cookie: string, body: unknown) => run(t, updateAgentHandler, request(`/api/agents/${id}`, { method: "PATCH", cookie, body }), { id });
    expect((await patch(member.cookie, { waitTimeoutMs: 60_000 })).status).toBe(403);
    for (const bad of [5, 3_600_001, "soon"]) {
      const res = await patch(admin.cookie, { waitTimeoutMs: bad });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(["waitTimeoutMs"]);
    }
    const ok = await patch(admin.cookie, { waitTimeoutMs: 120_000 });
    expect(ok.status).toBe(200);
    expect((await t.deps.db.agent.findUniqueOrThrow({ where: { id } })).waitTimeoutMs).toBe(120_000);
  });
});

describe("DELETE /api/agents/:id", () => {
  it("archives for admins only; the agent leaves the default list but not ?archived=true", async () => {
    const gone = (await create({ cookie: admin.cookie }, { name: "Temp" })).body.agent.id;
    const del = (cookie: string) => run(t, archiveAgentHandler, request(`/api/agents/${gone}`, { method: "DELETE", cookie }), { id: gone });
    const waiting = await t.deps.db.run.create({ data: { agentId: gone, triggerType: "service", reach: [], queuedAt: new Date() } });
    expect((await del(member.cookie)).status).toBe(403);
    expect((await del(admin.cookie)).status).toBe(204);
    // Its runs still queued are canceled with the reason, not left queued forever.
    expect(await t.deps.db.run.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({
      status: "canceled",
      statusReason: expect.stringMatching(/deleted/),
    });
    const names = async (q: string) =>
      (await run(t, listAgentsHandler, request(`/api/agents${q}`, { cookie: admin.cookie }))).body.agents.map((a: { id: string }) => a.id);
    expect(await names("")).not.toContain(gone);
    expect(await names("?archived=true")).toContain(gone);
    expect((await run(t, listAgentsHandler, request("/api/agents?archived=maybe", { cookie: admin.cookie }))).status).toBe(400);
    expect((await run(t, archiveAgentHandler, request("/api/agents/nope", { method: "DELETE", cookie: admin.cookie }), { id: "nope" })).status).toBe(404);
  });
});

describe("POST /api/agents/:id/test-model", () => {
  it("answers through the offline model for admins, refuses members, and is rate limited", async () => {
    const test = (cookie: string) => run(t, testModelHandler, request(`/api/agents/${scoutId}/test-model`, { method: "POST", cookie }), { id: scoutId });
    expect((await test(member.cookie)).status).toBe(403);
    const ok = await test(admin.cookie);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, text: expect.any(String) });
    for (let i = 1; i < RATE_LIMITS.modelTestsPerUser.points; i++) expect((await test(admin.cookie)).status).toBe(200);
    const limited = await test(admin.cookie);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });
});

describe("/api/agents/:id/spaces", () => {
  it("an admin adds the agent to a channel they are in, and removes it; members are refused", async () => {
    const design = await createChannel(t.deps, member.actor, { name: "design", memberIds: [admin.entityId] });
    const add = (cookie: string, body: unknown) => run(t, addAgentSpaceHandler, request(`/api/agents/${scoutId}/spaces`, { cookie, body }), { id: scoutId });
    const remove = (cookie: string) =>
      run(t, removeAgentSpaceHandler, request(`/api/agents/${scoutId}/spaces/${design.id}`, { method: "DELETE", cookie }), { id: scoutId, spaceId: design.id });
    expect((await add(member.cookie, { spaceId: design.id })).status).toBe(403);
    const bad = await add(admin.cookie, { spaceId: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ spaceId: "Pick a channel" });
    expect((await add(admin.cookie, { spaceId: design.id })).status).toBe(201);
    expect((await remove(member.cookie)).status).toBe(403);
    expect((await remove(admin.cookie)).status).toBe(204);
    expect((await remove(admin.cookie)).status).toBe(404);
  });

  it("attack: an admin cannot put an agent into a private channel they are not in, nor is it offered to them", async () => {
    const cleo = await t.user("Cleo");
    const secret = await createChannel(t.deps, cleo.actor, { name: "cleo-private" });
    const add = await run(t, addAgentSpaceHandler, request(`/api/agents/${scoutId}/spaces`, { cookie: admin.cookie, body: { spaceId: secret.id } }), {
      id: scoutId,
    });
    expect(add.status).toBe(403);
    expect(add.body.error).toMatchObject({
      message: "You can only add an agent to a channel you are a member of",
      fields: { spaceId: "Join the channel first" },
    });
    const scout = await t.deps.db.agent.findUniqueOrThrow({ where: { id: scoutId } });
    expect(await t.deps.db.membership.count({ where: { spaceId: secret.id, entityId: scout.entityId } })).toBe(0);
    const choices = await listChannelChoices(t.deps, admin.actor);
    expect(choices.map((c) => c.id)).not.toContain(secret.id);
    // Taking an agent out reads nothing: the admin may, member or not, and the channel says so.
    await addMembers(t.deps, cleo.actor, { spaceId: secret.id, entityIds: [scout.entityId] });
    const out = await run(t, removeAgentSpaceHandler, request(`/api/agents/${scoutId}/spaces/${secret.id}`, { method: "DELETE", cookie: admin.cookie }), {
      id: scoutId,
      spaceId: secret.id,
    });
    expect(out.status).toBe(204);
    const lines = await t.deps.db.message.findMany({ where: { spaceId: secret.id, kind: "system" }, orderBy: { seq: "asc" }, select: { text: true } });
    expect(lines.map((l) => l.text)).toEqual(["Cleo added Scout", "Ada removed Scout"]);
  });
});

describe("GET /api/audit", () => {
  it("pages every change newest first, for one agent too; an admin's token may read it, a member's may not", async () => {
    const { token } = await createApiToken(t.deps, admin.actor, { name: "ci" });
    const { token: memberToken } = await createApiToken(t.deps, member.actor, { name: "ci" });
    const first = await run(t, listAuditHandler, request("/api/audit?limit=2", { bearer: token }));
    expect(first.status).toBe(200);
    expect(first.body.entries).toHaveLength(2);
    expect(first.body.nextBefore).toBe(first.body.entries[1].id);
    const next = await run(t, listAuditHandler, request(`/api/audit?limit=2&before=${first.body.nextBefore}`, { bearer: token }));
    expect(next.body.entries[0].id).not.toBe(first.body.entries[0].id);
    const scout = await run(t, listAuditHandler, request(`/api/audit?agentId=${scoutId}`, { cookie: admin.cookie }));
    // Taken out of Cleo's channel (added there by Cleo, a member), then of #design (added by the admin).
    expect(scout.body.entries.map((e: { action: string }) => e.action)).toEqual(["agent.space_remove", "agent.space_remove", "agent.space_add"]);
    expect((await run(t, listAuditHandler, request("/api/audit", { bearer: memberToken }))).status).toBe(403);
    const bad = await run(t, listAuditHandler, request("/api/audit?limit=5000&color=red", { cookie: admin.cookie }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty("limit");
  });
});
