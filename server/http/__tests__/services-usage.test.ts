// The Services page's and usage page's endpoints, attacked: members are refused, tokens where
// a session is needed, malformed or oversized input gets 400/413 naming the fields, floods 429;
// an admin's test trigger runs like a service's and is followed live over run:updated.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createAgent } from "@/server/testing/agents";
import { request, run } from "@/server/testing/http";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { createApiToken } from "@/server/domain/users/create-api-token";
import { MAX_BODY_BYTES, MAX_PRICED_MODELS, RATE_LIMITS } from "@/lib/limits";
import type { RunDto } from "@/lib/realtime/dto";
import { revokeKeyHandler, rotateKeyHandler } from "../service-keys";
import { testTriggerHandler } from "../test-trigger";
import { agentTriggerHandler } from "../agent-trigger";
import { listPricesHandler, updatePricesHandler, usageHandler } from "../usage";

let t: TestServer;
let admin: TestUser;
let member: TestUser;
let agent: { id: string; entityId: string };

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.user("Ada", { isAdmin: true });
  member = await t.user("Ben");
  agent = await createAgent(t.deps.db, "Scout", { provider: "offline" });
});
afterAll(() => t?.close());

const testTrigger = (auth: { cookie?: string; bearer?: string }, body?: unknown, raw?: string) =>
  run(t, testTriggerHandler, request(`/api/agents/${agent.id}/test-trigger`, { method: "POST", ...auth, body, raw }), { id: agent.id });

describe("test trigger", () => {
  it("starts a service run acting for the admin, reaching only spaces the admin shares with the agent, and reports it live", async () => {
    const shared = await createChannel(t.deps, admin.actor, { name: "ops", memberIds: [agent.entityId] });
    const notAdmins = await createChannel(t.deps, member.actor, { name: "bens", memberIds: [agent.entityId] });
    const socket = await admin.connect();
    const updates: RunDto[] = [];
    socket.on("run:updated", ({ run }) => updates.push(run));
    const res = await testTrigger({ cookie: admin.cookie }, { serviceName: "ci", payload: { build: 42, spaceId: shared.id } });
    expect(res.status).toBe(201);
    const row = await t.deps.db.run.findUniqueOrThrow({ where: { id: res.body.runId } });
    expect(row).toMatchObject({ triggerType: "service", serviceName: "ci", requesterId: admin.entityId, servicePayload: { build: 42, spaceId: shared.id } });
    expect(row.reach).toEqual([shared.id]);
    expect(row.reach).not.toContain(notAdmins.id);
    await expect.poll(() => updates.find((u) => u.id === res.body.runId && u.status === "completed"), { timeout: 15_000 }).toBeTruthy();
  });

  it("refuses members (403) before reading the body, and API tokens (a session is needed)", async () => {
    const refused = await testTrigger({ cookie: member.cookie }, { nonsense: true });
    expect(refused.status).toBe(403);
    const { token } = await createApiToken(t.deps, admin.actor, { name: "ci" });
    expect((await testTrigger({ bearer: token }, { serviceName: "ci" })).status).toBe(403);
    expect((await testTrigger({}, { serviceName: "ci" })).status).toBe(401);
  });

  it("answers malformed input with 400 naming the field, and oversized bodies with 413", async () => {
    const missing = await testTrigger({ cookie: admin.cookie }, { payload: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty("serviceName");
    const long = await testTrigger({ cookie: admin.cookie }, { serviceName: "x".repeat(101) });
    expect(long.body.error.fields.serviceName).toMatch(/100/);
    expect((await testTrigger({ cookie: admin.cookie }, undefined, "{not json")).status).toBe(400);
    const huge = await testTrigger({ cookie: admin.cookie }, { serviceName: "ci", payload: "x".repeat(MAX_BODY_BYTES) });
    expect(huge.status).toBe(413);
  });

  it("is rate limited per admin", async () => {
    const flooder = await t.user("Flo", { isAdmin: true });
    await t.deps.db.agent.update({ where: { id: agent.id }, data: { enabled: false } });
    // A disabled agent refuses (409) without queueing, so the flood measures only the limit.
    for (let i = 0; i < RATE_LIMITS.testTriggersPerUser.points; i++)
      expect((await testTrigger({ cookie: flooder.cookie }, { serviceName: "ci" })).status).toBe(409);
    const refused = await testTrigger({ cookie: flooder.cookie }, { serviceName: "ci" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await t.deps.db.agent.update({ where: { id: agent.id }, data: { enabled: true } });
  });
});

describe("service keys over HTTP", () => {
  let room: { id: string } | undefined;
  const keys = async (method: "POST" | "DELETE", auth: { cookie?: string; bearer?: string }) => {
    room ??= await createChannel(t.deps, admin.actor, { name: "keys", memberIds: [agent.entityId] });
    const body = method === "POST" ? { spaceIds: [room.id] } : undefined;
    return run(t, method === "POST" ? rotateKeyHandler : revokeKeyHandler, request(`/api/agents/${agent.id}/keys`, { method, ...auth, body }), {
      id: agent.id,
    });
  };
  const trigger = (key: string) =>
    run(t, agentTriggerHandler, request(`/api/agents/${agent.id}/trigger`, { method: "POST", headers: { "x-secret-key": key }, body: { serviceName: "ci" } }), {
      id: agent.id,
    });

  it("a rotated-out key and a revoked key get 401; members cannot revoke", async () => {
    const first = await keys("POST", { cookie: admin.cookie });
    expect(first.status).toBe(201);
    const second = await keys("POST", { cookie: admin.cookie });
    expect((await trigger(first.body.key)).status).toBe(401);
    expect((await keys("DELETE", { cookie: member.cookie })).status).toBe(403);
    const { token } = await createApiToken(t.deps, admin.actor, { name: "keys" });
    expect((await keys("DELETE", { bearer: token })).status).toBe(403);
    const revoked = await keys("DELETE", { cookie: admin.cookie });
    expect(revoked).toMatchObject({ status: 200, body: { revoked: second.body.prefix } });
    expect((await trigger(second.body.key)).status).toBe(401);
    expect((await keys("DELETE", { cookie: admin.cookie })).status).toBe(409);
    const audit = await t.deps.db.auditEntry.findMany({ where: { agentId: agent.id, action: { in: ["key.rotate", "key.revoke"] } } });
    expect(audit.map((a) => a.action).sort()).toEqual(["key.revoke", "key.rotate", "key.rotate"]);
  });
});

describe("usage and prices", () => {
  const usage = (auth: { cookie?: string; bearer?: string }, query = "") => run(t, usageHandler, request(`/api/usage${query}`, auth));
  const put = (auth: { cookie?: string; bearer?: string }, body?: unknown, raw?: string) =>
    run(t, updatePricesHandler, request("/api/settings/prices", { method: "PUT", ...auth, body, raw }));

  it("serves usage to admins, by session or API token, and refuses members", async () => {
    const ok = await usage({ cookie: admin.cookie }, "?days=30");
    expect(ok.status).toBe(200);
    expect(ok.body.days).toHaveLength(30);
    const { token } = await createApiToken(t.deps, admin.actor, { name: "usage" });
    expect((await usage({ bearer: token })).body.days).toHaveLength(7);
    expect((await usage({ cookie: member.cookie })).status).toBe(403);
    expect((await run(t, listPricesHandler, request("/api/settings/prices", { cookie: member.cookie }))).status).toBe(403);
  });

  it("answers a range that is not offered with 400 naming days", async () => {
    for (const q of ["?days=365", "?days=abc", "?days=-7", `?days=${"9".repeat(500)}`]) {
      const res = await usage({ cookie: admin.cookie }, q);
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty("days");
    }
  });

  it("is rate limited per user", async () => {
    const reader = await t.user("Rita", { isAdmin: true });
    for (let i = 0; i < RATE_LIMITS.usageReadsPerUser.points; i++) await usage({ cookie: reader.cookie });
    expect((await usage({ cookie: reader.cookie })).status).toBe(429);
  });

  it("saves prices for admins only, and names every bad field", async () => {
    const price = { modelId: "my-llama", inputPerM: 1, cachedInputPerM: 0.5, outputPerM: 2 };
    expect((await put({ cookie: member.cookie }, { prices: [price] })).status).toBe(403);
    const ok = await put({ cookie: admin.cookie }, { prices: [price] });
    expect(ok.status).toBe(200);
    expect(ok.body.prices.find((p: { modelId: string }) => p.modelId === "my-llama")).toMatchObject({ source: "admin", price: { inputPerM: 1 } });
    const bad = await put(
      { cookie: admin.cookie },
      {
        prices: [
          { ...price, inputPerM: -1, outputPerM: "2" },
          { ...price, modelId: "bad id\n" },
        ],
      },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(["prices.0.inputPerM", "prices.0.outputPerM", "prices.1.modelId"]);
    const twice = await put({ cookie: admin.cookie }, { prices: [price, price] });
    expect(twice.body.error.fields).toEqual({ "prices.1.modelId": "my-llama is listed twice" });
    const tooMany = Array.from({ length: MAX_PRICED_MODELS + 1 }, (_, i) => ({ ...price, modelId: `m${i}` }));
    expect((await put({ cookie: admin.cookie }, { prices: tooMany })).body.error.fields).toHaveProperty("prices");
    expect((await put({ cookie: admin.cookie }, undefined, `{"prices":[${" ".repeat(MAX_BODY_BYTES)}]}`)).status).toBe(413);
    expect((await put({ cookie: admin.cookie }, { prices: [{ ...price, inputPerM: 1e9 }] })).status).toBe(400);
    // Nothing of the refused saves was stored.
    expect(await t.deps.db.modelPrice.count()).toBe(1);
  });
});
