// "Test model" catches a model id an OpenAI-compatible endpoint does not list, before a run
// would fail on it; an endpoint without a model list is not held against the agent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProvider, type FakeProvider } from "@/server/testing/fake-provider";
import { startTestServer, type TestServer } from "@/server/testing/test-server";
import { createAgent } from "@/server/testing/agents";
import { withEnv } from "@/server/testing/with-env";
import { testAgentModel } from "../test-agent-model";

let fake: FakeProvider;
let t: TestServer;
beforeAll(async () => {
  fake = await startFakeProvider();
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe("Test model: the endpoint's model list", () => {
  it("names a model id the endpoint does not list, with what it does list, without calling the model", async () => {
    const admin = await t.user("Root", { isAdmin: true });
    const agent = await createAgent(t.deps.db, "Llama", { provider: "openai-compatible", modelId: "llama9:400b" });
    fake.reset();
    fake.listModels(["llama3.1:8b", "qwen2.5:7b"]);
    const res = await withEnv({ OPENAI_COMPATIBLE_BASE_URL: fake.baseURL, OPENAI_COMPATIBLE_API_KEY: "sk-local" }, () =>
      testAgentModel(t.deps, admin.actor, { agentId: agent.id }),
    );
    expect(res).toMatchObject({ ok: false, text: 'The endpoint does not know the model "llama9:400b". It lists: llama3.1:8b, qwen2.5:7b.' });
    expect(fake.requests.map((r) => r.path)).toEqual(["/v1/models"]);
    expect(fake.requests[0]!.headers.authorization).toBe("Bearer sk-local");
  });

  it("a listed model goes on to the test call; an endpoint without a list is not refused for it", async () => {
    const admin = await t.user("Root2", { isAdmin: true });
    const agent = await createAgent(t.deps.db, "Llama2", { provider: "openai-compatible", modelId: "llama3.1:8b" });
    for (const list of [["llama3.1:8b"], null]) {
      fake.reset();
      fake.listModels(list);
      fake.script({ stream: { text: "ready", usage: { input: 5, cached: 0, output: 2 } } });
      const res = await withEnv({ OPENAI_COMPATIBLE_BASE_URL: fake.baseURL }, () => testAgentModel(t.deps, admin.actor, { agentId: agent.id }));
      // The list let it through to the model call (what the call itself answers is the provider tests' concern).
      expect(res.text).not.toMatch(/does not know/);
      expect(fake.requests.map((r) => r.path)).toEqual(["/v1/models", "/v1/chat/completions"]);
    }
  });
});
