// Admins choose an agent's provider and model over HTTP; others are refused; bad input is a 400.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createAgent } from "@/server/testing/agents";
import { listAgentsHandler, updateAgentHandler } from "../agents";
import { rotateKeyHandler } from "../service-keys";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { RATE_LIMITS } from "@/lib/limits";
import { request, run } from "@/server/testing/http";

let t: TestServer;
let admin: TestUser;
let member: TestUser;
let agentId: string;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.user("Ada", { isAdmin: true });
  member = await t.user("Ben");
  agentId = (await createAgent(t.deps.db, "Scout", { provider: "offline" })).id;
});
afterAll(() => t?.close());

const patch = (cookie: string, body: unknown) =>
  run(t, updateAgentHandler, request(`/api/agents/${agentId}`, { method: "PATCH", cookie, body }), { id: agentId });

describe("agent settings API", () => {
  it("lists agents for admins only", async () => {
    const ok = await run(t, listAgentsHandler, request("/api/agents", { cookie: admin.cookie }));
    expect(ok.status).toBe(200);
    expect(ok.body.agents).toEqual([
      expect.objectContaining({
        id: agentId,
        name: "Scout",
        provider: "offline",
        providerConfigured: true,
        enabledTools: [],
        spaces: [],
        today: { runs: 0, inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 },
        lastRun: null,
      }),
    ]);
    expect((await run(t, listAgentsHandler, request("/api/agents", { cookie: member.cookie }))).status).toBe(403);
  });

  it("an admin switches an agent to another provider and model", async () => {
    const res = await patch(admin.cookie, { provider: "openai", modelId: "gpt-4o-mini", modelSettings: { temperature: 0.2 } });
    expect(res.status).toBe(200);
    expect(res.body.agent).toMatchObject({ provider: "openai", modelId: "gpt-4o-mini", modelSettings: { temperature: 0.2 } });
    expect((await t.deps.db.agent.findUniqueOrThrow({ where: { id: agentId } })).provider).toBe("openai");
  });

  it("refuses members (403), unknown providers and unknown settings (400)", async () => {
    expect((await patch(member.cookie, { enabled: false })).status).toBe(403);
    const bad = await patch(admin.cookie, { provider: "skynet" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/provider/);
    expect((await patch(admin.cookie, { modelSettings: { apiKey: "sk-…" } })).status).toBe(400);
    expect((await patch(admin.cookie, { maxToolSteps: 500 })).status).toBe(400);
  });

  it("an admin renames an agent and picks its tools; a bad list is a 400 with the reason", async () => {
    const res = await patch(admin.cookie, { name: "Scout Two", enabledTools: ["send_message", "read_messages"] });
    expect(res.status).toBe(200);
    expect(res.body.agent).toMatchObject({ name: "Scout Two", enabledTools: ["send_message", "read_messages"] });
    const listed = await run(t, listAgentsHandler, request("/api/agents", { cookie: admin.cookie }));
    expect(listed.body.agents[0]).toMatchObject({ name: "Scout Two", enabledTools: ["send_message", "read_messages"] });
    const none = await patch(admin.cookie, { enabledTools: [] });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toMatch(/at least one tool/);
    expect((await patch(admin.cookie, { enabledTools: ["exfiltrate"] })).status).toBe(400);
    expect((await patch(member.cookie, { enabledTools: ["send_message"] })).status).toBe(403);
    expect((await patch(admin.cookie, { name: "Scout" })).status).toBe(200);
  });

  it("an admin rotates a service key narrowed to some of the agent's spaces; others are refused", async () => {
    const scout = await t.deps.db.agent.findUniqueOrThrow({ where: { id: agentId } });
    const ops = await createChannel(t.deps, admin.actor, { name: "ops", memberIds: [scout.entityId] });
    const elsewhere = await createChannel(t.deps, admin.actor, { name: "board" });
    const rotate = (cookie: string, body?: unknown) =>
      run(t, rotateKeyHandler, request(`/api/agents/${agentId}/keys`, { method: "POST", cookie, body }), { id: agentId });
    const narrow = await rotate(admin.cookie, { spaceIds: [ops.id] });
    expect(narrow.status).toBe(201);
    expect(narrow.body).toMatchObject({ key: expect.stringMatching(/^pk_/), spaceIds: [ops.id] });
    expect((await t.deps.db.serviceKey.findFirstOrThrow({ where: { agentId, revokedAt: null } })).spaceIds).toEqual([ops.id]);
    // A space the agent is not in cannot be named (it would reach nothing, and says the caller expected it to).
    expect((await rotate(admin.cookie, { spaceIds: [elsewhere.id] })).status).toBe(400);
    expect((await rotate(admin.cookie, { spaceIds: "all" })).status).toBe(400);
    expect((await rotate(member.cookie, { spaceIds: [ops.id] })).status).toBe(403);
  });

  it("a key must list its spaces: a missing or empty list is a 400 naming spaceIds, and the old key stays live", async () => {
    const scout = await t.deps.db.agent.findUniqueOrThrow({ where: { id: agentId } });
    const ops = await createChannel(t.deps, admin.actor, { name: "ops2", memberIds: [scout.entityId] });
    const rotate = (body?: unknown) =>
      run(t, rotateKeyHandler, request(`/api/agents/${agentId}/keys`, { method: "POST", cookie: admin.cookie, body }), { id: agentId });
    const live = await rotate({ spaceIds: [ops.id] });
    for (const body of [undefined, {}, { spaceIds: [] }, { spaceIds: null }]) {
      const res = await rotate(body);
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty("spaceIds");
    }
    expect((await t.deps.db.serviceKey.findFirstOrThrow({ where: { agentId, revokedAt: null } })).prefix).toBe(live.body.prefix);
  });

  it("an admin may list only spaces both the agent and that admin are in", async () => {
    const scout = await t.deps.db.agent.findUniqueOrThrow({ where: { id: agentId } });
    const other = await t.user("Oda", { isAdmin: true });
    // A channel with the agent that this admin is not in (Oda created it, so Oda is).
    const theirs = await createChannel(t.deps, other.actor, { name: "odas", memberIds: [scout.entityId] });
    const res = await run(
      t,
      rotateKeyHandler,
      request(`/api/agents/${agentId}/keys`, { method: "POST", cookie: admin.cookie, body: { spaceIds: [theirs.id] } }),
      {
        id: agentId,
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.fields.spaceIds).toMatch(/you are a member of/);
    const ok = await run(
      t,
      rotateKeyHandler,
      request(`/api/agents/${agentId}/keys`, { method: "POST", cookie: other.cookie, body: { spaceIds: [theirs.id] } }),
      {
        id: agentId,
      },
    );
    expect(ok.status).toBe(201);
  });

  it("account and admin changes are rate limited per user (key rotation flood → 429)", async () => {
    const flooder = await t.user("Flo", { isAdmin: true });
    const scout = await t.deps.db.agent.findUniqueOrThrow({ where: { id: agentId } });
    const room = await createChannel(t.deps, flooder.actor, { name: "flo", memberIds: [scout.entityId] });
    const body = { spaceIds: [room.id] };
    const rotate = () => run(t, rotateKeyHandler, request(`/api/agents/${agentId}/keys`, { method: "POST", cookie: flooder.cookie, body }), { id: agentId });
    for (let i = 0; i < RATE_LIMITS.accountChangesPerUser.points; i++) expect((await rotate()).status).toBe(201);
    const refused = await rotate();
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Other admins are not affected.
    expect((await patch(admin.cookie, { enabled: true })).status).toBe(200);
  });
});
