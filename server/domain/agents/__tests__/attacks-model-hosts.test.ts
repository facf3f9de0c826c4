// An admin token pointing an agent's modelSettings.baseURL at its own server would get the
// server's provider key with the next model call. The base URL must be on PARLEY_MODEL_HOSTS:
// refused when set over the API, and again when a run resolves its model.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createAgent, silent, startAgentScenario } from "@/server/testing/agents";
import { withEnv } from "@/server/testing/with-env";
import { request, run } from "@/server/testing/http";
import { updateAgentHandler } from "@/server/http/agents";
import { defaultModelResolver } from "@/server/agents/models/resolve-model";
import { sendMessage } from "@/server/domain/messages/send-message";
import { env } from "@/server/env";
import { matchModelHost } from "../model-hosts";
import { testAgentModel } from "../test-agent-model";

describe("which hosts match", () => {
  const hosts = ["llm.internal", "localhost:11434", "[::1]:8000"];
  it.each([
    ["https://llm.internal/v1", "llm.internal"],
    ["https://LLM.internal:443/v1", "llm.internal"],
    ["http://llm.internal/v1", "llm.internal"],
    ["http://localhost:11434/v1", "localhost:11434"],
    ["http://[::1]:8000/v1", "[::1]:8000"],
    ["https://llm.internal:8443/v1", null],
    ["http://localhost/v1", null],
    ["https://llm.internal.evil.dev/v1", null],
    ["https://evil.dev/llm.internal", null],
    ["https://user:pw@llm.internal/v1", null],
    ["ftp://llm.internal/v1", null],
    ["not a url", null],
  ])("%s → %s", (url, expected) => {
    expect(matchModelHost(url, hosts)).toBe(expected);
  });

  it("PARLEY_MODEL_HOSTS is parsed once, lowercased; junk stops the start", async () => {
    await withEnv({ PARLEY_MODEL_HOSTS: " LLM.internal , localhost:11434,," }, () =>
      expect(env().PARLEY_MODEL_HOSTS).toEqual(["llm.internal", "localhost:11434"]),
    );
    await withEnv({ PARLEY_MODEL_HOSTS: undefined }, () => expect(env().PARLEY_MODEL_HOSTS).toEqual([]));
    await withEnv({ PARLEY_MODEL_HOSTS: "https://llm.internal/v1" }, () => expect(() => env()).toThrow(/PARLEY_MODEL_HOSTS/));
  });
});

describe("PATCH /api/agents/:id with a baseURL", () => {
  let t: TestServer;
  let admin: TestUser;
  let agentId: string;
  beforeAll(async () => {
    t = await startTestServer();
    admin = await t.user("Ada", { isAdmin: true });
    agentId = (await createAgent(t.deps.db, "Scout", { provider: "offline" })).id;
  });
  afterAll(() => t?.close());

  const patch = (body: unknown) =>
    run(t, updateAgentHandler, request(`/api/agents/${agentId}`, { method: "PATCH", cookie: admin.cookie, body }), { id: agentId });
  const stored = async () => (await t.deps.db.agent.findUniqueOrThrow({ where: { id: agentId } })).modelSettings;

  it("with PARLEY_MODEL_HOSTS unset, any baseURL is refused (400) and nothing is stored", async () => {
    await withEnv({ PARLEY_MODEL_HOSTS: undefined }, async () => {
      const res = await patch({ provider: "openai", modelId: "gpt-4o-mini", modelSettings: { baseURL: "https://attacker.example/v1" } });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(
        "Scout's model base URL https://attacker.example/v1 is not allowed: no model hosts are allowed; the operator lists them in PARLEY_MODEL_HOSTS",
      );
    });
    const agent = await t.deps.db.agent.findUniqueOrThrow({ where: { id: agentId } });
    expect(agent.provider).toBe("offline");
    expect(agent.modelSettings).toEqual({});
  });

  it("with PARLEY_MODEL_HOSTS set, other hosts are refused naming the allowed ones; an allowed one is stored", async () => {
    await withEnv({ PARLEY_MODEL_HOSTS: "llm.internal:8443,localhost:11434" }, async () => {
      const bad = await patch({ modelSettings: { baseURL: "https://attacker.example/v1" } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/allowed model hosts: llm\.internal:8443, localhost:11434/);
      const ok = await patch({ provider: "openai-compatible", modelId: "llama3.1", modelSettings: { baseURL: "https://llm.internal:8443/v1" } });
      expect(ok.status).toBe(200);
    });
    expect(await stored()).toEqual({ baseURL: "https://llm.internal:8443/v1" });
  });
});

describe("resolving the model at call time", () => {
  const openaiAgent = (baseURL: unknown) => ({ id: "a1", name: "Gpt", provider: "openai", modelId: "gpt-4o-mini", modelSettings: { baseURL } });

  it("a baseURL off the list (set before this check, or by SQL) is refused before any key is used", async () => {
    await withEnv({ OPENAI_API_KEY: "sk-server-key", PARLEY_MODEL_HOSTS: "llm.internal" }, () => {
      expect(() => defaultModelResolver(openaiAgent("https://attacker.example/v1"))).toThrow(
        "Gpt's model base URL https://attacker.example/v1 is not allowed: allowed model hosts: llm.internal (PARLEY_MODEL_HOSTS)",
      );
      expect(() => defaultModelResolver({ ...openaiAgent("https://attacker.example/v1"), provider: "openai-compatible" })).toThrow(/not allowed/);
      expect(() => defaultModelResolver(openaiAgent(42))).toThrow(/not a URL/);
      // Allowed, and the env-configured default (no baseURL of its own), both resolve.
      expect(defaultModelResolver(openaiAgent("https://llm.internal/v1")).model).toBeTruthy();
      expect(defaultModelResolver({ ...openaiAgent(undefined), modelSettings: {} }).model).toBeTruthy();
    });
  });

  it("the agent is not woken, with a readable reason, and no request leaves for the attacker's host", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const { srv, ada, agents, space } = await startAgentScenario(
      { Gpt: silent },
      { agentOptions: { Gpt: { provider: "openai", modelSettings: { baseURL: "https://attacker.example/v1" } } } },
    );
    try {
      await withEnv({ OPENAI_API_KEY: "sk-server-key", PARLEY_MODEL_HOSTS: undefined }, async () => {
        await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "hi" });
        await srv.gateway.idle();
      });
      // Checked before a run is queued (provider-problem.ts); the run-time check in resolve-model.ts stays behind it.
      expect(await srv.deps.db.run.count({ where: { agentId: agents.Gpt!.id } })).toBe(0);
      const refused = await srv.deps.db.triggerDecision.findFirstOrThrow({ where: { agentId: agents.Gpt!.id } });
      expect(refused).toMatchObject({ decision: "refused", reason: "not configured: the agent's model base URL is not an allowed host (PARLEY_MODEL_HOSTS)" });
      expect(fetchSpy.mock.calls.filter(([u]) => String(u instanceof Request ? u.url : u).includes("attacker.example"))).toEqual([]);
    } finally {
      fetchSpy.mockRestore();
      await srv.close();
    }
  });
});

describe("an allowed model host that answers with a redirect", () => {
  // The allowed host answers 307 to a second server; following it would send the request body
  // (the whole context) and the provider key's header to a host the operator never allowed.
  let target: Server;
  let redirector: Server;
  const reached: string[] = [];
  const asked: string[] = [];
  const listen = (server: Server) =>
    new Promise<string>((ok) => server.listen(0, "127.0.0.1", () => ok(`127.0.0.1:${(server.address() as AddressInfo).port}`)));
  let redirectorHost: string;
  beforeAll(async () => {
    target = createServer((req, res) => {
      reached.push(`${req.method} ${req.url} ${req.headers.authorization ?? ""}`);
      res.writeHead(500).end();
    });
    const targetHost = await listen(target);
    redirector = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      res.writeHead(307, { location: `http://${targetHost}${req.url}` }).end();
    });
    redirectorHost = await listen(redirector);
  });
  afterAll(async () => {
    target?.close();
    redirector?.close();
  });
  const settings = () => ({ baseURL: `http://${redirectorHost}/v1` });
  const secrets = () => ({ OPENAI_COMPATIBLE_API_KEY: "sk-server-key", PARLEY_MODEL_HOSTS: redirectorHost });
  const REDIRECT = "the model host answered with a redirect; Parley does not follow redirects";

  it("a run's call is not sent on: the run fails saying so, and the redirect's target gets nothing", async () => {
    asked.length = 0;
    const { srv, ada, agents, space } = await startAgentScenario(
      { Local: silent },
      { agentOptions: { Local: { provider: "openai-compatible", modelId: "llama3.1", modelSettings: settings() } } },
    );
    try {
      await withEnv(secrets(), async () => {
        await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "hi" });
        await srv.gateway.idle();
      });
      const failed = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Local!.id } });
      expect(failed.status).toBe("failed");
      expect(failed.error).toContain(REDIRECT);
      expect(asked.length).toBeGreaterThan(0);
      expect(reached).toEqual([]);
    } finally {
      await srv.close();
    }
  });

  it("Test model shows the redirect as a clear error, and the target gets nothing", async () => {
    asked.length = 0;
    const t = await startTestServer();
    try {
      const admin = await t.user("Ada", { isAdmin: true });
      const agent = await createAgent(t.deps.db, "Local", { provider: "openai-compatible", modelId: "llama3.1", modelSettings: settings() });
      const result = await withEnv(secrets(), () => testAgentModel({ db: t.deps.db }, admin.actor, { agentId: agent.id }));
      expect(result).toMatchObject({ ok: false, text: `Model call failed: ${REDIRECT}.` });
      // The model list (GET /v1/models, Test model's check of the model id) and the call: both redirected, neither followed.
      expect(asked.filter((a) => a.startsWith("POST"))).toHaveLength(1);
      expect(reached).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
