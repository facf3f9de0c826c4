// The budget at run time, against the real database and gateway: an unknown model's window,
// the summary of history left out (cached per agent and space, extended incrementally, the
// offline model writing it), tool results shrinking within a call, and a context the
// provider found too long rebuilt once.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ModelMessage } from "ai";
import { DEFAULT_CONTEXT_TOKENS } from "@/lib/limits";
import type { TestServer } from "../../testing/test-server";
import { startTestServer } from "../../testing/test-server";
import { addToSpace, createAgent, startAgentScenario, type Script } from "../../testing/agents";
import { createChannel } from "../../domain/spaces/create-channel";
import { sendMessage } from "../../domain/messages/send-message";
import { resetEnvCache } from "../../env";
import { defaultModelResolver } from "../models/resolve-model";
import { OfflineModel } from "../models/offline-model";
import { buildWithEarlier, loadEarlier } from "../context/earlier-summary";
import type { ContextInput, HistoryMessage } from "../context/context-input";
import { isContextTooLong } from "../runs/classify-error";
import { DROPPED, shrinkToolResults } from "../runs/prepare-step";
import { CALIBRATION_REUSE_MS, DEFAULT_CHARS_PER_TOKEN, readTokenCounting, tokenCountingFor } from "../context/token-count";
import { NO_STANDING_STATE } from "../../testing/context-fixtures";

let srv: TestServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
  vi.unstubAllEnvs();
  resetEnvCache();
});

describe("model window", () => {
  it("an unknown model is taken to have 8k tokens unless the agent sets contextTokens", () => {
    vi.stubEnv("OPENAI_API_KEY", "sk-test");
    resetEnvCache();
    const agent = { id: "a", name: "A", provider: "openai", modelId: "my-finetune", modelSettings: {} };
    expect(defaultModelResolver(agent).contextTokens).toBe(DEFAULT_CONTEXT_TOKENS);
    expect(defaultModelResolver({ ...agent, modelSettings: { contextTokens: 64_000 } }).contextTokens).toBe(64_000);
    expect(defaultModelResolver({ ...agent, modelId: "gpt-4o" }).contextTokens).toBe(128_000);
    // Summaries cost a call: hosted models write them only when asked; the offline model always.
    expect(defaultModelResolver(agent).summaries).toBe(false);
    expect(defaultModelResolver({ ...agent, modelSettings: { summaries: true } }).summaries).toBe(true);
    expect(defaultModelResolver({ ...agent, provider: "offline" }).summaries).toBe(true);
  });
});

describe("token counting at run time", () => {
  it("learns a model's characters per token from its completed runs, not other models'", async () => {
    srv = await startTestServer();
    const db = srv.deps.db;
    const agent = await createAgent(db, "Calib");
    const run = (status: "completed" | "failed", chars: number, inputTokens: number, stepCount: number) =>
      db.run.create({
        data: {
          agentId: agent.id,
          triggerType: "service",
          serviceName: "t",
          status,
          contextSnapshot: "x".repeat(chars),
          inputTokens,
          stepCount,
          endedAt: new Date(),
        },
      });
    const model = { provider: "mock", modelId: "scripted" };
    await run("completed", 3000, 2000, 1);
    await run("completed", 3000, 2000, 1);
    expect(await readTokenCounting(db, model)).toEqual({ encoding: null, charsPerToken: DEFAULT_CHARS_PER_TOKEN });
    // 3000 characters over 1000 input tokens a model step: 3 characters a token. Failed runs do not count.
    await run("completed", 6000, 4000, 1);
    await run("failed", 100, 4000, 0);
    expect(await readTokenCounting(db, model)).toEqual({ encoding: null, charsPerToken: 3 });
    expect(await readTokenCounting(db, { provider: "mock", modelId: "other" })).toEqual({ encoding: null, charsPerToken: DEFAULT_CHARS_PER_TOKEN });
    expect((await readTokenCounting(db, { provider: "openai", modelId: "gpt-4o" })).encoding).toBe("o200k_base");
  });

  it("reads a model's ratio once per CALIBRATION_REUSE_MS, then learns from the runs since", async () => {
    srv = await startTestServer();
    const db = srv.deps.db;
    const agent = await createAgent(db, "Calib");
    const model = { provider: "mock", modelId: "scripted" };
    const completed = () =>
      db.run.create({
        data: {
          agentId: agent.id,
          triggerType: "service",
          serviceName: "t",
          status: "completed",
          contextSnapshot: "x".repeat(3000),
          inputTokens: 1000,
          endedAt: new Date(),
        },
      });
    const t0 = 1_000_000;
    expect((await tokenCountingFor(db, model, t0)).charsPerToken).toBe(DEFAULT_CHARS_PER_TOKEN);
    for (let i = 0; i < 3; i++) await completed();
    // Within the reuse time: the ratio read at t0, not the runs that completed since.
    expect((await tokenCountingFor(db, model, t0 + CALIBRATION_REUSE_MS - 1)).charsPerToken).toBe(DEFAULT_CHARS_PER_TOKEN);
    expect((await tokenCountingFor(db, model, t0 + CALIBRATION_REUSE_MS)).charsPerToken).toBe(3);
    expect(CALIBRATION_REUSE_MS).toBe(60_000);
  });
});

describe("EARLIER IN THIS SPACE at run time", () => {
  const row0 = (block: string) => Number(/\(a digest of (\d+) of the \d+ messages before the first SPACE HISTORY line/.exec(block)![1]);
  const filler = (i: number) => `Status update ${i}: ${"we went through the backlog and the numbers again. ".repeat(10)}`;

  it("a run whose history does not fit gets the digest and the offline model's summary, cached for the agent and space", async () => {
    srv = await startTestServer();
    const ada = await srv.user("Ada");
    const space = await createChannel(srv.deps, ada.actor, { name: "general", memberIds: [] });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "Can we decide the deadline for release 2.1?" });
    for (let i = 2; i <= 30; i++) await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: filler(i) });
    // Room for the tools' schemas (sent with every call) plus a history that does not fit.
    const keeper = await createAgent(srv.deps.db, "Keeper", { provider: "offline", modelSettings: { contextTokens: 6_500, streamDelayMs: 0, thinkMs: 0 } });
    await addToSpace(srv.deps.db, space.id, ada.entityId, [keeper.entityId]);
    await srv.deps.db.membership.updateMany({ where: { entityId: keeper.entityId }, data: { lastProcessedSeq: 30 } });
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "Good morning" });
    await srv.gateway.idle();

    const run = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: keeper.id } });
    const block = run.contextSnapshot!.split("EARLIER IN THIS SPACE")[1]!.split("\n\n")[0]!;
    expect(block).toContain('"Ada": "Can we decide the deadline for release 2.1?"');
    const n = row0(block);
    expect(block).toContain(
      `summary (written by a model from these messages): "${n} more messages (Ada ×${n}), from Can we decide the deadline for release 2.1? to Status update ${n}:`,
    );
    const row = await srv.deps.db.earlierSummary.findUniqueOrThrow({ where: { agentId_spaceId: { agentId: keeper.id, spaceId: space.id } } });
    expect(row.throughSeq).toBeGreaterThan(1);
    expect(row.digest).toMatchObject({ throughSeq: row.throughSeq, summaryThroughSeq: row.throughSeq, count: row.throughSeq });

    // A key line whose message is deleted is not shown again.
    const question = await srv.deps.db.message.findFirstOrThrow({ where: { text: { startsWith: "Can we decide" } } });
    expect((await loadEarlier(srv.deps.db, keeper.id, space.id))!.keyLines.map((k) => k.id)).toContain(question.id);
    await srv.deps.db.message.update({ where: { id: question.id }, data: { deletedAt: new Date() } });
    expect((await loadEarlier(srv.deps.db, keeper.id, space.id))!.keyLines.map((k) => k.id)).not.toContain(question.id);
  });

  it("extends the cached summary only with messages newer than it covers", async () => {
    srv = await startTestServer();
    const ada = await srv.user("Ada");
    const space = await createChannel(srv.deps, ada.actor, { name: "general", memberIds: [] });
    const agent = await createAgent(srv.deps.db, "Keeper", { provider: "offline" });
    const summarizer = new OfflineModel({ streamDelayMs: 0 });
    const msg = (seq: number): HistoryMessage => ({
      id: `m${seq}`,
      seq,
      createdAt: new Date(Date.UTC(2026, 1, 18, 10, seq)).toISOString(),
      sender: { id: ada.entityId, name: "Ada", type: "human" },
      text: seq % 10 === 0 ? `Decision ${seq}: ship it?` : filler(seq),
      replyToMessageId: null,
      origin: null,
    });
    const input = (from: number, to: number): ContextInput => {
      const messages = Array.from({ length: to - from + 1 }, (_, i) => msg(from + i));
      return {
        now: "2026-02-18T15:00:00.000Z",
        agent: { id: agent.id, entityId: agent.entityId, name: "Keeper", persona: "", instructions: "" },
        runId: "r",
        reach: [space.id],
        trigger: { type: "plan", plan: { id: "p", name: "p", instruction: "x", schedule: "once" }, scheduledAt: "2026-02-18T15:00:00.000Z", chainDepth: 0 },
        resume: null,
        activeSpace: { id: space.id, name: "general", auto: false },
        // Extended back to the anchor, as the loader does: every line here may be shown.
        history: { space: { id: space.id, name: "general" }, messages, lastProcessedSeq: to, shownFromSeq: from, unshownUnread: 0, extendedFromSeq: 1 },
        spaces: [],
        ...NO_STANDING_STATE,
        maxTokens: 3_000,
      };
    };
    const first = await buildWithEarlier(srv.deps.db, { agentId: agent.id, input: input(1, 30), summarizer });
    const d1 = first.earlier!;
    const cut = (t: string) => (t.length > 80 ? `${t.slice(0, 79)}…` : t);
    expect(d1.summary).toBe(`${d1.throughSeq} more messages (Ada ×${d1.throughSeq}), from ${cut(msg(1).text)} to ${cut(msg(d1.throughSeq).text)}.`);
    expect(d1.summaryThroughSeq).toBe(d1.throughSeq);

    // Twenty messages later the window has moved on: only what is newer than the cache is added.
    const second = await buildWithEarlier(srv.deps.db, { agentId: agent.id, input: input(21, 50), summarizer });
    const d2 = second.earlier!;
    expect(d2.throughSeq).toBeGreaterThan(d1.throughSeq);
    // Messages that left the window without ever being left out of a context (before 21) are not in it.
    const firstNew = Math.max(21, d1.throughSeq + 1);
    const added = d2.throughSeq - firstNew + 1;
    expect(d2.count).toBe(d1.count + added);
    expect(d2.summary!.startsWith(d1.summary!)).toBe(true);
    expect(d2.summary!.slice(d1.summary!.length)).toBe(
      ` ${added} more messages (Ada ×${added}), from ${cut(msg(firstNew).text)} to ${cut(msg(d2.throughSeq).text)}.`,
    );
    expect(d2.fromAt).toBe(d1.fromAt);
    expect(second.text).toContain(`summary (written by a model from these messages): ${JSON.stringify(d2.summary)}`);

    // Without a summarizing model the digest is still kept, and the summary is left as it was.
    const third = await buildWithEarlier(srv.deps.db, { agentId: agent.id, input: input(41, 70), summarizer: null });
    expect(third.earlier!.summaryThroughSeq).toBe(d2.summaryThroughSeq);
    const row = await srv.deps.db.earlierSummary.findFirstOrThrow({ where: { agentId: agent.id } });
    expect(row.throughSeq).toBe(third.earlier!.throughSeq);
  });
});

describe("tool results within a call", () => {
  const call = (id: string, tool = "read_messages"): ModelMessage => ({
    role: "assistant",
    content: [{ type: "tool-call", toolCallId: id, toolName: tool, input: {} }],
  });
  const result = (id: string, size: number, tool = "read_messages"): ModelMessage => ({
    role: "tool",
    content: [{ type: "tool-result", toolCallId: id, toolName: tool, output: { type: "json", value: { messages: ["x".repeat(size)] } } }],
  });
  const counting = { encoding: null, charsPerToken: 4 };

  it("older results shrink to one-line summaries once the steps exceed the budget; every call keeps its result", () => {
    const messages: ModelMessage[] = [
      { role: "user", content: "context" },
      call("a"),
      result("a", 20_000),
      call("b"),
      result("b", 20_000),
      call("c"),
      result("c", 8_000),
    ];
    expect(shrinkToolResults(messages, { limit: 20_000, counting })).toBeNull();
    const shrunk = shrinkToolResults(messages, { limit: 6_000, counting })!;
    const outputs = shrunk.flatMap((m) => (m.role === "tool" ? m.content.map((p) => (p.type === "tool-result" ? [p.toolCallId, p.output] : [])) : []));
    expect(outputs.map((o) => o[0])).toEqual(["a", "b", "c"]);
    const [a, b, c] = outputs.map((o) => o[1] as { type: string; value: unknown });
    expect(a!.value).toBe("[older tool result left out to fit the context budget; call the tool again for it] read_messages: messages: 1 item");
    expect(b!.value).toMatch(/^\[older tool result left out/);
    // The newest step's result is what the model asked for last: whole while the older ones were enough.
    expect(c).toEqual({ type: "json", value: { messages: ["x".repeat(8_000)] } });
    // Each tool call is still right before its result.
    shrunk.forEach((m, i) => {
      if (m.role === "tool") expect(shrunk[i - 1]!.role).toBe("assistant");
    });
    // Shrinking again changes nothing.
    expect(shrinkToolResults(shrunk, { limit: 6_000, counting })).toBeNull();
  });

  it("a 20-step loop stays within the budget: old steps drop out behind one marker that names what they sent", () => {
    let messages: ModelMessage[] = [{ role: "user", content: "context" }];
    const limit = 2_000;
    for (let i = 0; i < 20; i++) {
      const id = `s${i}`;
      const tool = i % 5 === 4 ? "send_message" : "read_messages";
      messages.push({
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: id, toolName: tool, input: tool === "send_message" ? { text: `update ${i}` } : {} }],
      });
      messages.push(result(id, 6_000, tool));
      // Carried forward from step to step, as the SDK does.
      messages = shrinkToolResults(messages, { limit, counting }) ?? messages;
      const tokens = messages.reduce((n, m) => n + Math.ceil((typeof m.content === "string" ? m.content : JSON.stringify(m.content)).length / 4), 0);
      expect(tokens).toBeLessThanOrEqual(limit);
    }
    const markers = messages.filter((m) => m.role === "user" && String(m.content).startsWith(DROPPED));
    expect(markers).toHaveLength(1);
    expect(markers[0]!.content).toMatch(
      /: \d+ steps \(read_messages ×\d+, send_message ×\d+\); send_message texts, already sent, do not send them again: "update 4"/,
    );
    // The newest step is whole; every remaining call is right before its result.
    expect(messages.at(-1)).toEqual(result("s19", 6_000, "send_message"));
    messages.forEach((m, i) => {
      if (m.role === "tool") expect(messages[i - 1]!.role).toBe("assistant");
    });
  });

  it("a run reading many pages sees its older pages as one-line summaries", async () => {
    let seen: unknown[] = [];
    const reader: Script = (c) => {
      seen = c.results;
      return c.results.length < 4 ? { tool: "read_messages", input: {} } : { text: "done" };
    };
    const scenario = await startAgentScenario({ Reader: reader }, { agentOptions: { Reader: { modelSettings: { contextTokens: 20_000 } } } });
    srv = scenario.srv;
    const reader_ = scenario.agents.Reader!;
    // Not a member while the backlog is written, so only the last message starts a run.
    await srv.deps.db.membership.deleteMany({ where: { entityId: reader_.entityId } });
    for (let i = 0; i < 50; i++) await sendMessage(srv.deps, scenario.ada.actor, { spaceId: scenario.space.id, text: `${i} ${"y".repeat(100)}` });
    await addToSpace(srv.deps.db, scenario.space.id, scenario.ada.entityId, [reader_.entityId]);
    await sendMessage(srv.deps, scenario.ada.actor, { spaceId: scenario.space.id, text: "read everything" });
    await srv.gateway.idle();
    const run = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: reader_.id } });
    expect(run.status).toBe("completed");
    // The last step saw four pages: the first ones shrunk to one-line summaries, the newest whole.
    expect(seen).toHaveLength(4);
    expect(seen[0]).toMatch(/^\[older tool result left out to fit the context budget/);
    expect(seen[3]).toMatchObject({ count: 50 });
  });
});

describe("a context the provider finds too long", () => {
  it("recognises providers' words for it", () => {
    expect(isContextTooLong(new Error("This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens."))).toBe(true);
    expect(isContextTooLong(Object.assign(new Error("Bad Request"), { responseBody: '{"error":{"code":"context_length_exceeded"}}' }))).toBe(true);
    expect(isContextTooLong({ message: "retry failed", lastError: new Error("prompt is too long: 210000 tokens > 200000 maximum") })).toBe(true);
    expect(isContextTooLong(new Error("upstream overloaded"))).toBe(false);
  });

  it("is rebuilt smaller and tried once more, recorded in the run's timeline", async () => {
    let n = 0;
    const script: Script = (c) =>
      ++n === 1
        ? { error: "This model's maximum context length is 8192 tokens" }
        : c.results.length
          ? { text: "ok" }
          : { tool: "send_message", input: { text: "hi" } };
    const { srv: s, ada, agents, space } = await startAgentScenario({ Scout: script });
    srv = s;
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "hello" });
    await srv.gateway.idle();
    const run = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Scout!.id } });
    expect(run.status).toBe("completed");
    const contexts = await srv.deps.db.runEvent.findMany({ where: { runId: run.id, type: "context" }, orderBy: { seq: "asc" } });
    expect(contexts).toHaveLength(2);
    const [first, second] = contexts.map((e) => e.data as { retry?: string; budget: { context: number } });
    expect(first!.retry).toBeUndefined();
    expect(second!.retry).toMatch(/maximum context length is 8192 tokens/);
    // Refused before any step ran: retried smaller, not a compaction.
    expect((second as { compacted?: boolean }).compacted).toBeUndefined();
    expect(second!.budget.context).toBeLessThan(first!.budget.context);
    expect(await srv.deps.db.message.count({ where: { runId: run.id } })).toBe(1);
  });

  it("in the middle of a tool loop, compacts and goes on: a fresh call told what the run already did and sent", async () => {
    const script: Script = (c) =>
      c.results.length
        ? { error: "context_length_exceeded" }
        : c.system.includes("\nTHIS RUN SO FAR (")
          ? { text: "already answered" }
          : { tool: "send_message", input: { text: "hi" } };
    const { srv: s, ada, agents, space, models } = await startAgentScenario({ Scout: script });
    srv = s;
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "hello" });
    await srv.gateway.idle();
    const run = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Scout!.id } });
    expect(run.status).toBe("completed");
    expect(models.calls.Scout).toHaveLength(3);
    // The compacted call lists the message the first one sent, and nothing is sent twice.
    expect(models.calls.Scout![2]).toMatch(/messages this run already sent \(do not send them again\):\n {4}- \[msg:\S+\] in "general" \(id: \S+\): "hi"/);
    expect(await srv.deps.db.message.count({ where: { runId: run.id } })).toBe(1);
    const contexts = await srv.deps.db.runEvent.findMany({ where: { runId: run.id, type: "context" }, orderBy: { seq: "asc" } });
    expect(contexts.map((e) => (e.data as { retry?: string }).retry)).toEqual([undefined, expect.stringMatching(/context_length_exceeded/)]);
    // The inspector labels the second call a compaction, not a plain retry.
    expect(contexts.map((e) => (e.data as { compacted?: boolean }).compacted)).toEqual([undefined, true]);
  });

  it("fails the run with a readable reason when it is still too long", async () => {
    const { srv: s, ada, agents, space, models } = await startAgentScenario({ Scout: () => ({ error: "prompt is too long: 9000 tokens > 8192 maximum" }) });
    srv = s;
    await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "hello" });
    await srv.gateway.idle();
    const run = await srv.deps.db.run.findFirstOrThrow({ where: { agentId: agents.Scout!.id } });
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(
      /^The provider refused the context as too long even when rebuilt at 40% of the window \(Model call failed: prompt is too long.*\)\. By our count the context was [\d,]+ tokens of a window 100,000 tokens \(set in the agent's modelSettings\.contextTokens\): [\d,]+ reserved for the reply, [\d,]+ for the tool schemas, [\d,]+ for the context; it held identity and instructions [\d,]+ tokens, /,
    );
    expect(run.error).toMatch(/If the model's real window is smaller than modelSettings.contextTokens says, lower it/);
    expect(models.calls.Scout).toHaveLength(2);
  });
});
