// The context budget, pure: token counting, what the budget covers, how lines, the trigger,
// payloads, memories and goals are cut, and the EARLIER IN THIS SPACE digest.
import { describe, expect, it } from "vitest";
import { DEFAULT_CONTEXT_TOKENS, EARLIER_KEY_LINES, MAX_MESSAGE_LENGTH, MAX_NEW_LINE_CHARS, MAX_SEEN_LINE_CHARS, MAX_TRIGGER_TEXT_CHARS } from "@/lib/limits";
import { buildContext } from "../context/build-context";
import { callBudget } from "../context/budget";
import { clipJson, clipText } from "../context/clip";
import type { ContextInput, EntityRef, HistoryMessage } from "../context/context-input";
import { mergeDigest } from "../context/earlier-digest";
import { calibratedRatio, countTokens, DEFAULT_CHARS_PER_TOKEN, encodingFor, isExact } from "../context/token-count";
import { parseContext } from "../models/offline-script";
import { NO_STANDING_STATE } from "../../testing/context-fixtures";

const ada = { id: "ent-ada", name: "Ada", type: "human" as const };
const scout = { id: "ent-scout", name: "Scout", type: "agent" as const };
const msg = (seq: number, sender: EntityRef = ada, text = `message ${seq}`): HistoryMessage => ({
  id: `m${seq}`,
  seq,
  createdAt: new Date(Date.UTC(2026, 1, 18, 10, seq)).toISOString(),
  sender,
  text,
  replyToMessageId: null,
  origin: null,
});

/** A space of `n` messages, the last one the trigger; the first `seen` of them already processed. */
function input(n: number, seen: number, text: (seq: number) => string, overrides: Partial<ContextInput> = {}): ContextInput {
  const messages = Array.from({ length: n }, (_, i) => msg(i + 1, i % 3 === 2 ? scout : ada, text(i + 1)));
  const last = messages.at(-1) ?? msg(1);
  return {
    now: "2026-02-18T15:07:00.000Z",
    agent: { id: "agent-1", entityId: "ent-planner", name: "Planner", persona: "You plan things.", instructions: "" },
    runId: "run-1",
    reach: ["sp-1"],
    trigger: {
      type: "space_message",
      space: { id: "sp-1", name: "Alpha" },
      sender: last.sender,
      message: { id: last.id, text: last.text, createdAt: last.createdAt },
      senderExpectsReply: false,
      chainDepth: 0,
    },
    resume: null,
    activeSpace: { id: "sp-1", name: "Alpha", auto: true },
    history: { space: { id: "sp-1", name: "Alpha" }, lastProcessedSeq: seen, shownFromSeq: 1, unshownUnread: 0, messages },
    spaces: [{ id: "sp-1", name: "Alpha", kind: "channel", members: [ada, scout] }],
    ...NO_STANDING_STATE,
    maxTokens: 100_000,
    ...overrides,
  };
}

const long = (seq: number) => `${`line ${seq} `.repeat(MAX_MESSAGE_LENGTH)}`.slice(0, MAX_MESSAGE_LENGTH);

describe("token counting", () => {
  it("knows OpenAI's encodings by model id, and no other model's", () => {
    expect(encodingFor("gpt-4o-mini")).toBe("o200k_base");
    expect(encodingFor("gpt-5")).toBe("o200k_base");
    expect(encodingFor("o3-mini")).toBe("o200k_base");
    expect(encodingFor("gpt-4-turbo")).toBe("cl100k_base");
    expect(encodingFor("gpt-3.5-turbo")).toBe("cl100k_base");
    expect(encodingFor("claude-sonnet-4")).toBeNull();
    expect(encodingFor("llama3")).toBeNull();
  });

  it("estimates at the calibrated ratio when the encoding is unknown", () => {
    const text = "x".repeat(1000);
    expect(countTokens(text, { encoding: null, charsPerToken: 2.5 })).toBe(400);
    expect(countTokens(text)).toBe(Math.ceil(1000 / DEFAULT_CHARS_PER_TOKEN));
  });

  it.skipIf(!isExact({ encoding: "o200k_base", charsPerToken: 4 }))("counts exactly with gpt-tokenizer for a known encoding", () => {
    // "hello world" is two tokens in o200k_base; the estimate would say 4 at 3 chars/token.
    expect(countTokens("hello world", { encoding: "o200k_base", charsPerToken: 3 })).toBe(2);
    // A special token typed into a message is counted, not refused.
    expect(countTokens("<|endoftext|>", { encoding: "o200k_base", charsPerToken: 3 })).toBeGreaterThan(0);
  });

  it("learns chars per token from earlier runs: the median, bounded, and only from enough runs", () => {
    // 3000 chars of context, 2000 input tokens over 2 steps (1000 per step): 3 chars/token.
    const sample = (chars: number, tokens: number, steps = 1) => ({ chars, tokens, steps });
    expect(calibratedRatio([sample(3000, 2000), sample(3000, 2000)])).toBe(DEFAULT_CHARS_PER_TOKEN);
    expect(calibratedRatio([sample(3000, 2000), sample(3000, 2000), sample(9000, 2000), sample(1000, 2000)])).toBe(3);
    expect(calibratedRatio([sample(90_000, 100), sample(90_000, 100), sample(90_000, 100)])).toBe(5);
    expect(calibratedRatio([sample(10, 100), sample(10, 100), sample(10, 100)])).toBe(2);
  });
});

describe("call budget", () => {
  it("takes the reply and the tool schemas off the window before the context's share", () => {
    const b = callBudget({ contextTokens: 100_000, maxOutputTokens: 8_000, toolTokens: 2_000 });
    expect(b.input).toBe(90_000);
    expect(b.context).toBe(67_500);
    // Without maxOutputTokens, a default reserve of at most a quarter of the window.
    const small = callBudget({ contextTokens: DEFAULT_CONTEXT_TOKENS, toolTokens: 1_500 });
    expect(small.output).toBe(2_000);
    expect(small.input).toBe(4_500);
    expect(callBudget({ contextTokens: 8_000, toolTokens: 1_500, share: 0.4 }).context).toBe(1_800);
  });
});

describe("clipping", () => {
  it("cuts text and JSON saying how much was left out", () => {
    expect(clipText("abcdef", 4)).toBe("abcd…(+2 chars)");
    expect(clipText("abc", 4)).toBe("abc");
    const payload = { note: "n".repeat(5000), items: Array.from({ length: 500 }, (_, i) => ({ id: i })) };
    const cut = clipJson(payload, 1000) as { note: string; items: unknown[] };
    expect(JSON.stringify(cut).length).toBeLessThanOrEqual(1000);
    expect(cut.note).toMatch(/…\(\+\d+ chars\)$/);
    expect(JSON.stringify(clipJson(payload.items, 300))).toMatch(/"… \d+ more"\]$/);
  });

  it("[SEEN] lines are cut once, at one length whatever their age; [NEW] lines less; the trigger in TRIGGER least", () => {
    const c = buildContext(input(50, 40, long));
    const line = (seq: number) => c.text.split("\n").find((l) => l.startsWith(`  [msg:m${seq}]`))!;
    for (const seq of [1, 20, 39, 40]) expect(line(seq)).toContain(`…(+${MAX_MESSAGE_LENGTH - MAX_SEEN_LINE_CHARS} chars)`);
    expect(line(45)).toContain(`…(+${MAX_MESSAGE_LENGTH - MAX_NEW_LINE_CHARS} chars)`);
    // The next run, with ten more messages seen, shows every line seen before byte for byte.
    const next = buildContext(input(60, 50, long));
    for (const seq of [1, 20, 40]) expect(next.slowPart).toContain(line(seq));
    // TRIGGER keeps more, and stays a quoted literal the offline model reads.
    expect(parseContext(c.text).text).toBe(`${long(50).slice(0, MAX_TRIGGER_TEXT_CHARS)}…(+${MAX_MESSAGE_LENGTH - MAX_TRIGGER_TEXT_CHARS} chars)`);
  });

  it("a service payload keeps its shape within the trigger's limit", () => {
    const c = buildContext(
      input(0, 0, long, { trigger: { type: "service", serviceName: "ci", payload: { logs: "x".repeat(50_000), n: 1 }, chainDepth: 0 }, history: null }),
    );
    const payload = c.text.split("\n").find((l) => l.startsWith("  payload: "))!;
    expect(payload.length).toBeLessThan(MAX_TRIGGER_TEXT_CHARS + 50);
    expect(payload).toMatch(/^ {2}payload: \{"logs":"x+…\(\+\d+ chars\)","n":1\}$/);
  });

  it("memories and goals take their share of the budget and say how many more there are", () => {
    const memories = Array.from({ length: 200 }, (_, i) => ({ key: `k${String(i).padStart(3, "0")}`, value: "v".repeat(1000) }));
    const goals = Array.from({ length: 50 }, (_, i) => ({ id: `g${i}`, description: "d".repeat(400), priority: i, longTerm: false }));
    const c = buildContext(input(3, 1, (s) => `m${s}`, { memories, goals, maxTokens: 6_000 }));
    const block = (name: string) => c.text.split(`\n${name}:\n`)[1]!.split("\n\n")[0]!;
    expect(block("MEMORIES")).toMatch(/… \d+ more memories \(use get_memories\)$/);
    expect(block("GOALS")).toMatch(/… \d+ more goals/);
    expect(block("MEMORIES").length).toBeLessThan(6_000 * 0.15 * DEFAULT_CHARS_PER_TOKEN + 1100);
    // The most important goals are the ones shown.
    expect(block("GOALS")).toContain("[goal:g0]");
  });

  it("fifty 4000-character [NEW] messages fit an unknown model's budget", () => {
    const budget = callBudget({ contextTokens: DEFAULT_CONTEXT_TOKENS, toolTokens: 1_600 });
    const c = buildContext(input(50, 0, long, { maxTokens: budget.context }));
    expect(c.tokens).toBeLessThanOrEqual(budget.context);
    expect(c.text).toContain("[msg:m50]");
    // What was left out is counted and digested in a block the model is shown: it counts as seen.
    expect(c.omittedNew).toBeGreaterThan(0);
    expect(c.text).toContain(`… ${c.omittedNew} older unread messages not shown in full`);
    expect(c.seen).toEqual({ spaceId: "sp-1", fromSeq: 1, toSeq: 50 });
  });
});

describe("EARLIER IN THIS SPACE", () => {
  const chatty = (seq: number) =>
    seq === 3 ? "Can we decide the deadline for release 2.1?" : seq === 7 ? "We agreed: Scout owns the deploy on the 14th" : `${"filler ".repeat(60)}${seq}`;

  it("stands for the lines left out: who spoke, when, and the key lines, the same every time", () => {
    const base = input(50, 45, chatty);
    const full = buildContext(base);
    expect(full.text).not.toContain("EARLIER IN THIS SPACE");
    const small = buildContext({ ...base, maxTokens: full.tokens - 1500 });
    expect(small.omittedSeen).toBeGreaterThan(0);
    expect(small.tokens).toBeLessThanOrEqual(full.tokens - 1500);
    const block = small.text.split("EARLIER IN THIS SPACE")[1]!.split("\n\n")[0]!;
    expect(block).toContain(
      `(a digest of ${small.omittedSeen} of the ${small.omittedSeen} messages before the first SPACE HISTORY line, ${msg(1).createdAt} to ${msg(small.omittedSeen).createdAt}; 0 of them came after its last one;`,
    );
    // It is in this run's part, after the cached history: its changes do not touch the history.
    expect(small.turnPart).toContain("EARLIER IN THIS SPACE");
    expect(small.slowPart).not.toContain("EARLIER IN THIS SPACE");
    expect(block).toMatch(/speakers: "Ada" \(human\) ×\d+, "Scout" \(agent\) ×\d+/);
    expect(block).toContain('[msg:m3] [2026-02-18T10:03:00.000Z] "Scout": "Can we decide the deadline for release 2.1?"');
    expect(block).toContain('"Ada": "We agreed: Scout owns the deploy on the 14th"');
    expect(block.split("\n").filter((l) => l.startsWith("    [msg:"))).toHaveLength(EARLIER_KEY_LINES);
    expect(buildContext({ ...base, maxTokens: full.tokens - 1500 }).text).toBe(small.text);
    expect(small.earlier!.throughSeq).toBe(small.omittedSeen);
  });

  it("says how many messages came before the history and how many of them the digest covers", () => {
    // A digest of the space's first 51 messages, from an earlier run; the space has 5,000 since.
    const old = mergeDigest(
      null,
      Array.from({ length: 51 }, (_, i) => msg(i + 1)),
    )!;
    const messages = Array.from({ length: 50 }, (_, i) => msg(4_951 + i, ada, `${"filler ".repeat(60)}${i}`));
    const base = input(0, 0, chatty, {
      history: { space: { id: "sp-1", name: "Alpha" }, lastProcessedSeq: 4_995, shownFromSeq: 4_951, unshownUnread: 0, messages },
      earlier: old,
    });
    const full = buildContext(base);
    const small = buildContext({ ...base, maxTokens: full.tokens - 1500 });
    const first = Number(/\[msg:m(\d+)\]/.exec(small.slowPart.split("SPACE HISTORY")[1]!)![1]);
    expect(small.omittedSeen).toBe(first - 4_951);
    const head = small.turnPart.split("\n").find((l) => l.startsWith("EARLIER IN THIS SPACE"))!;
    // Every message before the first line shown is counted; the digest covers the first 51 and those left out now.
    expect(head).toContain(`a digest of ${51 + small.omittedSeen} of the ${first - 1} messages before the first SPACE HISTORY line`);
    expect(head).toContain("0 of them came after its last one");
  });

  it("extends a cached digest only with messages newer than it covers", () => {
    const first = mergeDigest(null, [msg(1), msg(2, scout)])!;
    expect(first).toMatchObject({
      throughSeq: 2,
      count: 2,
      speakers: [
        { name: "Ada", count: 1 },
        { name: "Scout", count: 1 },
      ],
    });
    const again = mergeDigest({ ...first, summary: "s", summaryThroughSeq: 2 }, [msg(1), msg(2, scout), msg(3), msg(4)])!;
    expect(again).toMatchObject({ throughSeq: 4, count: 4, fromAt: msg(1).createdAt, toAt: msg(4).createdAt, summary: "s", summaryThroughSeq: 2 });
    expect(again.speakers[0]).toMatchObject({ name: "Ada", count: 3 });
    expect(mergeDigest(again, [msg(3)])).toBe(again);
  });
});
