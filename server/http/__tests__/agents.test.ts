// Admins choose an agent's provider and model over HTTP; others are refused; bad input is a 400.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createAgent } from "@/server/testing/agents";
import { listAgentsHandler, updateAgentHandler } from "../agents";
import { request, run } from "./helpers";

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
    expect(ok.body.agents).toEqual([expect.objectContaining({ id: agentId, name: "Scout", provider: "offline" })]);
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
});
