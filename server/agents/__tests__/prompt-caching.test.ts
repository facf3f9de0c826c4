// Provider prompt caching and token usage, through the real gateway: each model call carries
// the cache options of its provider (Anthropic breakpoints on the system part and in the slow
// part; OpenAI a cache key per agent), and the tokens a provider read from its cache are
// recorded on the model step and counted on the run.
import { afterEach, describe, expect, it } from "vitest";
import { MockLanguageModelV4, convertArrayToReadableStream } from "ai/test";
import type { LanguageModelV4CallOptions, LanguageModelV4Usage } from "@ai-sdk/provider";
import { startTestServer, type TestServer } from "../../testing/test-server";
import { createAgent, replyToHumans, startAgentScenario, everyMessage } from "../../testing/agents";
import { commonPrefixShare } from "../../testing/prompt-prefix";
import { HISTORY_WINDOW } from "@/lib/limits";
import { createChannel } from "../../domain/spaces/create-channel";
import { sendMessage } from "../../domain/messages/send-message";
import { ManualClock } from "../clock";
import type { ModelResolver } from "../models/resolve-model";
import { withEnv } from "../../testing/with-env";

let srv: TestServer;
afterEach(async () => srv?.close());

/** The AI SDK's name for each provider's model, and the cache reads each reports. */
const PROVIDERS: Record<string, { name: string; cacheRead: number | undefined }> = {
  anthropic: { name: "anthropic.messages", cacheRead: 800 },
  openai: { name: "openai.responses", cacheRead: 640 },
  // A server that does not say what it cached.
  "openai-compatible": { name: "openai-compatible.chat", cacheRead: undefined },
};

/** Models that record every call's options and answer with text and a usage report. */
function recordingModels() {
  const calls: Record<string, LanguageModelV4CallOptions[]> = {};
  const resolver: ModelResolver = (agent) => {
    const p = PROVIDERS[agent.provider]!;
    const usage: LanguageModelV4Usage = {
      inputTokens: { total: 1000, noCache: p.cacheRead === undefined ? undefined : 1000 - p.cacheRead, cacheRead: p.cacheRead, cacheWrite: undefined },
      outputTokens: { total: 20, text: 20, reasoning: undefined },
    };
    const model = new MockLanguageModelV4({
      provider: p.name,
      doStream: async (options) => {
        (calls[agent.provider] ??= []).push(options);
        return {
          stream: convertArrayToReadableStream([
            { type: "stream-start" as const, warnings: [] },
            { type: "text-start" as const, id: "t" },
            { type: "text-delta" as const, id: "t", delta: "nothing to add" },
            { type: "text-end" as const, id: "t" },
            { type: "finish" as const, finishReason: { unified: "stop" as const, raw: undefined }, usage },
          ]),
        };
      },
    });
    return { model, contextTokens: 100_000 };
  };
  return { resolver, calls };
}

async function scenario() {
  const models = recordingModels();
  srv = await startTestServer({ gateway: { models: models.resolver, clock: new ManualClock() } });
  const ada = await srv.user("Ada");
  const agents = {
    anthropic: await createAgent(srv.deps.db, "Claude", { provider: "anthropic" }),
    openai: await createAgent(srv.deps.db, "Gpt", { provider: "openai" }),
    "openai-compatible": await createAgent(srv.deps.db, "Llama", { provider: "openai-compatible" }),
  };
  const space = await createChannel(srv.deps, ada.actor, { name: "general", memberIds: Object.values(agents).map((a) => a.entityId) });
  await everyMessage(srv.deps.db, space.id);
  // The providers count as configured (the recording models stand in for them): agents whose
  // provider has no key are not woken.
  await withEnv({ ANTHROPIC_API_KEY: "sk-test", OPENAI_API_KEY: "sk-test", OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:9/v1" }, async () => {
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "Good morning" });
    await srv.gateway.idle();
  });
  const runOf = (agentId: string) => srv.deps.db.run.findFirstOrThrow({ where: { agentId }, include: { events: { where: { type: "model_step" } } } });
  return { calls: models.calls, agents, runOf };
}

const text = (m: LanguageModelV4CallOptions["prompt"][number]) =>
  m.role === "system" ? m.content : m.content.map((p) => (p.type === "text" ? p.text : "")).join("");

describe("prompt caching", () => {
  it("sends the static part as system and the slow and per-run parts as two user messages, marked for each provider", async () => {
    const { calls, agents, runOf } = await scenario();
    const claude = calls.anthropic![0]!;
    const [system, slow, turn] = claude.prompt;
    expect(claude.prompt.map((m) => m.role)).toEqual(["system", "user", "user"]);
    expect(text(system!)).toMatch(/^IDENTITY:\n {2}name: "Claude"/);
    expect(text(slow!)).toMatch(/^YOUR SPACES:/);
    expect(text(turn!)).toMatch(/^NOW: /);
    // Anthropic caches up to explicit breakpoints: after the system part and after the slow part.
    const breakpoint = { anthropic: { cacheControl: { type: "ephemeral" } } };
    expect(system!.providerOptions).toEqual(breakpoint);
    // No history seen yet: the slow part is one chunk, marked at its end.
    expect(slow!.role === "user" && slow!.content.map((p) => p.providerOptions)).toEqual([breakpoint]);
    expect(turn!.providerOptions).toBeUndefined();
    expect(claude.providerOptions?.openai).toBeUndefined();

    // OpenAI routes by a key per agent; no Anthropic breakpoints on its messages.
    const gpt = calls.openai![0]!;
    expect(gpt.providerOptions?.openai).toEqual({ promptCacheKey: `parley-agent-${agents.openai.id}` });
    expect(gpt.prompt.some((m) => m.providerOptions?.anthropic)).toBe(false);

    // Other providers get no cache options at all.
    const llama = calls["openai-compatible"]![0]!;
    expect(llama.providerOptions?.openai).toBeUndefined();
    expect(llama.prompt.some((m) => m.providerOptions?.anthropic)).toBe(false);

    // The run's saved context is exactly what the model was given, part for part.
    const run = await runOf(agents.anthropic.id);
    expect(`${claude.prompt.map(text).join("\n\n")}\n`).toBe(run.contextSnapshot);
  });
});

describe("prompt prefix between runs", () => {
  it(`two consecutive runs in a space with ${HISTORY_WINDOW} messages of history share at least 70% of the prompt as a prefix`, async () => {
    const s = await startAgentScenario({ Scout: replyToHumans("noted") }, { agentOptions: { Scout: { maxConcurrentRuns: 1 } } });
    srv = s.srv;
    const scout = s.agents.Scout!;
    // The history builds while Scout is disabled; then it has followed along up to the newest message.
    await srv.deps.db.agent.update({ where: { id: scout.id }, data: { enabled: false } });
    for (let i = 0; i < HISTORY_WINDOW; i++)
      await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: `history ${i}: ${"lorem ipsum ".repeat(4)}` });
    await srv.gateway.idle();
    const { lastSeq } = await srv.deps.db.space.findUniqueOrThrow({ where: { id: s.space.id } });
    await srv.deps.db.membership.updateMany({ where: { spaceId: s.space.id, entityId: scout.entityId }, data: { lastProcessedSeq: lastSeq } });
    await srv.deps.db.agent.update({ where: { id: scout.id }, data: { enabled: true } });

    await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: "Scout, first question" });
    await srv.gateway.idle();
    const firstRunCalls = s.calls.Scout!.length;
    await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: "Scout, second question" });
    await srv.gateway.idle();
    // The first model call of each run: system and user messages, before any tool result.
    const { share } = commonPrefixShare(s.calls.Scout![0]!, s.calls.Scout![firstRunCalls]!);
    expect(share).toBeGreaterThanOrEqual(0.7);
  });
});

describe("token usage", () => {
  it("records input, cached input and output tokens per model step and per run", async () => {
    const { agents, runOf } = await scenario();
    const claude = await runOf(agents.anthropic.id);
    expect(claude.status).toBe("completed");
    expect({ input: claude.inputTokens, cached: claude.cachedInputTokens, output: claude.outputTokens }).toEqual({ input: 1000, cached: 800, output: 20 });
    expect(claude.events.map((e) => (e.data as { usage: unknown }).usage)).toEqual([{ input: 1000, output: 20, cachedInput: 800 }]);

    const gpt = await runOf(agents.openai.id);
    expect(gpt.cachedInputTokens).toBe(640);

    // Not reported is not zero on the step; the run's count stays 0.
    const llama = await runOf(agents["openai-compatible"].id);
    expect(llama.inputTokens).toBe(1000);
    expect(llama.cachedInputTokens).toBe(0);
    expect(llama.events.map((e) => (e.data as { usage: unknown }).usage)).toEqual([{ input: 1000, output: 20, cachedInput: null }]);
  });
});
