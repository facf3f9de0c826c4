// Provider contracts, without the network: each hosted provider path (OpenAI through the
// Responses API, Anthropic Messages, an OpenAI-compatible server through Chat Completions)
// runs a real agent run through the gateway and worker on the embedded database, against a
// local server that answers in that API's real streaming wire format (fake-provider.ts).
// What comes back must end the run as a person expects: one message posted, tokens counted,
// a retry after a short rate limit, and every failure a readable reason.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "../../../testing/test-server";
import { startFakeProvider, type FakeProvider, type FakeReply, type RecordedRequest } from "../../../testing/fake-provider";
import { createAgent } from "../../../testing/agents";
import { withEnv } from "../../../testing/with-env";
import { createChannel } from "../../../domain/spaces/create-channel";
import { sendMessage } from "../../../domain/messages/send-message";

let srv: TestServer;
let fake: FakeProvider;
let ada: TestUser;

beforeAll(async () => {
  srv = await startTestServer();
  fake = await startFakeProvider();
  ada = await srv.user("Ada");
});
afterAll(async () => {
  await fake?.close();
  await srv?.close();
});
beforeEach(() => fake.reset());

interface ProviderCase {
  provider: "openai" | "anthropic" | "openai-compatible";
  modelId: string;
  /** The API the provider path calls. */
  path: string;
  env: () => Record<string, string>;
}

const PROVIDERS: ProviderCase[] = [
  {
    provider: "openai",
    modelId: "gpt-4.1-mini",
    path: "/v1/responses",
    env: () => ({ OPENAI_API_KEY: "sk-contract-openai", OPENAI_BASE_URL: fake.baseURL }),
  },
  {
    provider: "anthropic",
    modelId: "claude-sonnet-4-5",
    path: "/v1/messages",
    env: () => ({ ANTHROPIC_API_KEY: "sk-ant-contract", ANTHROPIC_BASE_URL: fake.baseURL }),
  },
  {
    provider: "openai-compatible",
    modelId: "llama3.1:8b",
    path: "/v1/chat/completions",
    env: () => ({ OPENAI_COMPATIBLE_API_KEY: "sk-contract-compatible", OPENAI_COMPATIBLE_BASE_URL: fake.baseURL }),
  },
];

/** Distinctive enough that finding it anywhere but in a user message would be a leak. */
const TRIGGER = "Zebra-kumquat 7731: can someone summarise the Q3 budget thread?";
const REPLY = "Here is the summary: travel is down 12%, tooling up 4%.";
const CALL_USAGE = { input: 1200, cached: 1024, output: 40 };
const FINAL_USAGE = { input: 1290, cached: 1152, output: 6 };

/** The usual model turns: a send_message call, then a closing text once its result is back. */
const answer = (): FakeReply[] => [
  { stream: { text: "Let me post that.", sendMessage: REPLY, usage: CALL_USAGE } },
  { stream: { text: "Done.", usage: FINAL_USAGE } },
];

let n = 0;

/** A fresh agent of the case's provider in a fresh channel with Ada; Ada posts TRIGGER and the run plays out against `replies`. */
async function runOnce(p: ProviderCase, replies: FakeReply[], opts: { env?: Record<string, string>; modelSettings?: object } = {}) {
  fake.script(...replies);
  const agent = await createAgent(srv.deps.db, `Contract${++n}`, { provider: p.provider, modelId: p.modelId, modelSettings: opts.modelSettings });
  const space = await createChannel(srv.deps, ada.actor, { name: `contract-${n}`, memberIds: [agent.entityId] });
  // Every message wakes it: these tests are about the provider, not about who is addressed.
  await srv.deps.db.membership.updateMany({ where: { spaceId: space.id, entityId: agent.entityId }, data: { replyMode: "every" } });
  await withEnv(opts.env ?? p.env(), async () => {
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: TRIGGER });
    await srv.gateway.idle();
  });
  const run = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agent.id } });
  const posted = await srv.deps.db.message.findMany({ where: { spaceId: space.id, senderId: agent.entityId }, orderBy: { seq: "asc" } });
  return { run, posted, requests: [...fake.requests], unused: fake.pending() };
}

describe.each(PROVIDERS)("$provider", (p) => {
  it(`calls ${p.path} and completes a run that posts exactly one message through send_message`, async () => {
    const { run, posted, requests, unused } = await runOnce(p, answer());
    expect(requests.map((r) => r.path)).toEqual([p.path, p.path]);
    expect(unused).toBe(0);
    expect(run.status).toBe("completed");
    expect(run.error).toBeNull();
    expect(posted.map((m) => m.text)).toEqual([REPLY]);
    expect(posted[0]!.runId).toBe(run.id);
    expect(run.stepCount).toBe(1);
  });

  it("sends the model id, the tools and the key, with the people's words only in the user message", async () => {
    const { requests } = await runOnce(p, answer());
    const first = requests[0]!;
    expect(first.body.model).toBe(p.modelId);
    expect(first.body.stream).toBe(true);
    expect(toolNames(first)).toContain("send_message");
    expect(apiKeyOf(first)).toBe(Object.entries(p.env()).find(([k]) => k.endsWith("API_KEY"))![1]);
    for (const r of requests) {
      const roles = roleTexts(r);
      expect(roles.system.length).toBeGreaterThan(0);
      expect(roles.system).toContain("Contract"); // the agent's identity is what the system part carries
      expect(roles.system).not.toContain("Zebra-kumquat");
      expect(roles.user).toContain("Zebra-kumquat 7731");
      expect(roles.other).not.toContain("Zebra-kumquat");
    }
    // The second call carries the send_message call and its result, so the model sees what it did.
    expect(roleTexts(requests[1]!).other).toContain("travel is down 12%");
  });

  it("retries once after a 429 with a short retry-after, and the run completes", async () => {
    const { run, posted, requests } = await runOnce(p, [{ rateLimited: { retryAfterSeconds: 0 } }, ...answer()]);
    expect(requests).toHaveLength(3);
    expect(run.status).toBe("completed");
    expect(posted.map((m) => m.text)).toEqual([REPLY]);
  });

  it("fails with a readable rate-limit reason when the retry is limited too", async () => {
    const { run, posted, requests, unused } = await runOnce(p, [{ rateLimited: { retryAfterSeconds: 0 } }, { rateLimited: { retryAfterSeconds: 0 } }]);
    expect(requests).toHaveLength(2);
    expect(unused).toBe(0);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/rate limit/i);
    expect(run.error).toContain("HTTP 429");
    expect(posted).toEqual([]);
  });

  it("fails with a readable server-error reason after a 500 and its retry", async () => {
    const { run, requests } = await runOnce(p, [{ serverError: true }, { serverError: true }]);
    expect(requests).toHaveLength(2);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/server error/i);
    expect(run.error).toContain("HTTP 500");
  });

  it("rebuilds a context the provider finds too long at a smaller share and retries once: the run completes", async () => {
    const { run, posted, requests } = await runOnce(p, [{ contextTooLong: true }, ...answer()]);
    expect(requests).toHaveLength(3);
    // The rebuild is in the run's timeline with what the provider said.
    const contexts = await srv.deps.db.runEvent.findMany({ where: { runId: run.id, type: "context" }, orderBy: { seq: "asc" } });
    expect(contexts).toHaveLength(2);
    expect((contexts[1]!.data as { retry?: string }).retry).toMatch(/too long/i);
    expect(run.status).toBe("completed");
    expect(posted.map((m) => m.text)).toEqual([REPLY]);
  });

  it("fails with a readable reason when the rebuilt context is still too long (one retry only)", async () => {
    const { run, requests } = await runOnce(p, [{ contextTooLong: true }, { contextTooLong: true }]);
    expect(requests).toHaveLength(2);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/refused the context as too long even when rebuilt/i);
    // It says what did not fit, by our count, instead of blaming the window setting blindly.
    expect(run.error).toMatch(/By our count the context was [\d,]+ tokens of a window/);
  });

  it("fails at once with a readable reason when the provider refuses the key", async () => {
    const { run, requests } = await runOnce(p, [{ unauthorized: true }]);
    expect(requests).toHaveLength(1);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/refused the API key \(HTTP 401\)/);
  });

  it("fails with a readable reason when the connection drops mid-stream, keeping what was written", async () => {
    const { run, posted, requests } = await runOnce(p, [{ dropMidStream: { sendMessage: REPLY } }]);
    expect(requests).toHaveLength(1);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/connection to the model provider was lost/i);
    expect(run.partialOutput).toContain("[unsent send_message input]");
    expect(posted).toEqual([]);
  });
});

describe("token usage recorded on the run", () => {
  // OpenAI-compatible servers send usage only when asked (stream_options.include_usage), which Parley asks for.
  it.each(PROVIDERS)("$provider: input (cached included), cached input and output tokens over both calls", async (p) => {
    const { run } = await runOnce(p, answer());
    expect(run.status).toBe("completed");
    expect(run.inputTokens).toBe(CALL_USAGE.input + FINAL_USAGE.input);
    expect(run.outputTokens).toBe(CALL_USAGE.output + FINAL_USAGE.output);
    expect(run.totalTokens).toBe(run.inputTokens + run.outputTokens);
    expect(run.cachedInputTokens).toBe(CALL_USAGE.cached + FINAL_USAGE.cached);
  });
});

describe("an agent's own base URL", () => {
  it("reaches an OpenAI-compatible server listed in PARLEY_MODEL_HOSTS", async () => {
    const p = PROVIDERS.find((c) => c.provider === "openai-compatible")!;
    const env = { OPENAI_COMPATIBLE_API_KEY: "sk-contract-compatible", PARLEY_MODEL_HOSTS: fake.host };
    const { run, posted, requests } = await runOnce(p, answer(), { env, modelSettings: { baseURL: fake.baseURL } });
    expect(requests.map((r) => r.path)).toEqual([p.path, p.path]);
    expect(run.status).toBe("completed");
    expect(posted.map((m) => m.text)).toEqual([REPLY]);
  });
});

describe("an unreachable provider", () => {
  it("fails the run with a reason saying the provider could not be reached", async () => {
    // A port that was just listening on 127.0.0.1 and is closed now: the connection is refused.
    const closed = await startFakeProvider();
    const baseURL = closed.baseURL;
    await closed.close();
    const p = PROVIDERS.find((c) => c.provider === "openai-compatible")!;
    const { run, posted } = await runOnce(p, [], { env: { OPENAI_COMPATIBLE_BASE_URL: baseURL } });
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/could not connect to the model provider/i);
    expect(run.error).toContain("ECONNREFUSED");
    expect(posted).toEqual([]);
  });
});

// Prompt caching: what each provider needs to reuse the prompt prefix between calls and runs
// (server/agents/models/prompt-caching.ts). Each says exactly what the request must carry.
describe("prompt cache options", () => {
  it("Anthropic: cache_control breakpoints on the system block and in the slow user part, none on the per-turn part", async () => {
    const { requests } = await runOnce(PROVIDERS[1]!, answer());
    const body = requests[0]!.body;
    expect(body.system.at(-1).cache_control).toEqual({ type: "ephemeral" });
    const user = body.messages.filter((m: { role: string }) => m.role === "user").flatMap((m: { content: { cache_control?: unknown }[] }) => m.content);
    const marked = user.filter((part: { cache_control?: unknown }) => part.cache_control);
    // Anthropic allows four breakpoints in all; one is the system block's.
    expect(marked.length).toBeGreaterThanOrEqual(1);
    expect(marked.length).toBeLessThanOrEqual(3);
    for (const part of marked) expect(part.cache_control).toEqual({ type: "ephemeral" });
    // The per-turn part (trigger, closing line) comes after the cached prefix, unmarked.
    expect(user.at(-1).cache_control).toBeUndefined();
  });

  it("OpenAI: a prompt_cache_key per agent, the same on both calls of a run", async () => {
    const { requests } = await runOnce(PROVIDERS[0]!, answer());
    const key = requests[0]!.body.prompt_cache_key;
    expect(typeof key).toBe("string");
    expect(key.length).toBeGreaterThan(0);
    expect(requests[1]!.body.prompt_cache_key).toBe(key);
  });

  it("OpenAI-compatible: asks for usage in the stream (stream_options.include_usage), so the run's tokens are counted", async () => {
    const { run, requests } = await runOnce(PROVIDERS[2]!, answer());
    expect(requests[0]!.body.stream_options).toEqual({ include_usage: true });
    expect(run.inputTokens).toBe(CALL_USAGE.input + FINAL_USAGE.input);
    expect(run.outputTokens).toBe(CALL_USAGE.output + FINAL_USAGE.output);
  });
});

// --- reading the recorded requests, per wire format -------------------------------------

function toolNames(r: RecordedRequest): string[] {
  return (r.body.tools ?? []).map((t: { name?: string; function?: { name: string } }) => t.name ?? t.function?.name);
}

function apiKeyOf(r: RecordedRequest): string | undefined {
  if (r.path === "/v1/messages") return r.headers["x-api-key"] as string | undefined;
  return r.headers.authorization?.replace(/^Bearer /, "");
}

/** All text by role: the system part, user messages, and everything else (assistant turns, tool calls and results). */
function roleTexts(r: RecordedRequest): { system: string; user: string; other: string } {
  const out = { system: [] as string[], user: [] as string[], other: [] as string[] };
  const bucket = (role: string) => (role === "system" || role === "developer" ? out.system : role === "user" ? out.user : out.other);
  if (r.path === "/v1/messages") {
    for (const b of r.body.system ?? []) out.system.push(b.text);
    for (const m of r.body.messages) {
      // Anthropic returns tool results inside user messages; they are the tool's words, not people's.
      for (const part of m.content) (part.type === "text" ? bucket(m.role) : out.other).push(JSON.stringify(part));
    }
  } else {
    const items = r.path === "/v1/responses" ? r.body.input : r.body.messages;
    if (r.body.instructions) out.system.push(r.body.instructions);
    for (const m of items) {
      if (m.role === "system" || m.role === "developer" || m.role === "user") bucket(m.role).push(textOf(m.content));
      else out.other.push(JSON.stringify(m)); // assistant turns, tool calls and their results, whole
    }
  }
  return { system: out.system.join("\n"), user: out.user.join("\n"), other: out.other.join("\n") };
}

/** A message's text, whether its content is a string or a list of text parts. */
function textOf(content: string | { text?: string }[]): string {
  return typeof content === "string" ? content : content.map((p) => p.text ?? JSON.stringify(p)).join("\n");
}
