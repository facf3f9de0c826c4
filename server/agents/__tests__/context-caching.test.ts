// The context's cache-friendly layout: three parts from the most stable to the least, a slow
// part that only grows at its end between runs, chunks per history block with the providers'
// cache options, and the [SEEN] history anchored on block boundaries.
import { describe, expect, it } from "vitest";
import { MockLanguageModelV4 } from "ai/test";
import { HISTORY_ANCHOR_BLOCK } from "@/lib/limits";
import { buildContext } from "../context/build-context";
import { anchoredStart } from "../context/anchor-history";
import { modelPrompt, promptCaching } from "../models/prompt-caching";
import type { ContextInput } from "../context/context-input";
import { ada, msg, sampleInput as input } from "../../testing/context-fixtures";

describe("cache-friendly context", () => {
  it("three parts, most stable first: the text is them joined, with the closing instruction last", () => {
    const c = buildContext(input());
    expect(c.text).toBe(`${c.staticPart}\n\n${c.slowPart}\n\n${c.turnPart}\n\n${c.prompt}\n`);
    expect(c.slowPart.startsWith("YOUR SPACES:")).toBe(true);
    expect(c.turnPart.startsWith("NOW:")).toBe(true);
    // [SEEN] lines are in the slow part, [NEW] ones and the trigger in this run's part.
    expect(c.slowPart).toContain('"message 1"  [SEEN]');
    expect(c.slowPart).not.toContain("[NEW]");
    expect(c.turnPart).toContain('"Pull the Q4 numbers"  [NEW] ← TRIGGER');
    expect(c.turnPart).not.toContain("[SEEN]");
    // Nothing in the slow part depends on the time.
    expect(buildContext(input({ now: "2026-02-18T18:59:00.000Z" })).slowPart).toBe(c.slowPart);
  });

  it("between consecutive runs in a space, the slow part only grows at its end", () => {
    const first = input();
    const reply = msg(5, { id: "ent-planner", name: "Planner", type: "agent" }, "Numbers are up 4%");
    const next = msg(6, ada, "Thanks, and Q3?");
    // After the first run: the cursor is past its trigger and its own reply; a new message triggers the second.
    const second = input({
      now: "2026-02-18T15:09:00.000Z",
      runId: "run-2",
      trigger: {
        ...(first.trigger as Extract<ContextInput["trigger"], { type: "space_message" }>),
        message: { id: "m6", text: next.text, createdAt: next.createdAt },
      },
      history: { ...first.history!, lastProcessedSeq: 5, messages: [...first.history!.messages, reply, next] },
    });
    const a = buildContext(first);
    const b = buildContext(second);
    expect(b.staticPart).toBe(a.staticPart);
    expect(b.slowPart.startsWith(a.slowPart)).toBe(true);
    expect(b.slowPart).toContain('"Report is ready"  [SEEN]');
    expect(b.turnPart).toContain('"Thanks, and Q3?"  [NEW] ← TRIGGER');
  });

  it("the slow part comes in chunks per history block; Anthropic marks the last settled chunk and the end, others get one string", () => {
    const messages = Array.from({ length: 25 }, (_, i) => msg(i + 1));
    const c = buildContext(
      input({ history: { space: { id: "sp-1", name: "Project Alpha" }, lastProcessedSeq: 23, shownFromSeq: 1, unshownUnread: 0, messages } }),
    );
    // Standing state with the history header, then seqs 1–10, 11–20 and 21–23 ([SEEN]; 24 and 25 are [NEW]).
    expect(c.slowChunks.join("")).toBe(c.slowPart);
    expect(c.slowChunks).toHaveLength(4);
    expect(c.slowChunks[1]!.startsWith("  [msg:m1] ")).toBe(true);
    expect(c.slowChunks[3]!.startsWith("  [msg:m21] ")).toBe(true);
    expect(c.slowChunks[3]).not.toContain("[msg:m24]");
    // The cursor has passed seq 20: no message can join the first two blocks any more.
    expect(c.settledChunks).toBe(3);

    const breakpoint = { anthropic: { cacheControl: { type: "ephemeral" } } };
    const claude = modelPrompt(c, promptCaching(new MockLanguageModelV4({ provider: "anthropic.messages" }), "agent-1"));
    expect(claude.instructions).toEqual({ role: "system", content: c.staticPart, providerOptions: breakpoint });
    const parts = claude.messages[0]!.content as { text: string; providerOptions?: unknown }[];
    expect(parts.map((p) => p.text)).toEqual(c.slowChunks);
    expect(parts.map((p) => p.providerOptions)).toEqual([undefined, undefined, breakpoint, breakpoint]);
    expect(claude.messages[1]).toEqual({ role: "user", content: `${c.turnPart}\n\n${c.prompt}` });

    const gpt = modelPrompt(c, promptCaching(new MockLanguageModelV4({ provider: "openai.responses" }), "agent-1"));
    expect(gpt.messages[0]).toEqual({ role: "user", content: c.slowPart });
    expect(gpt.providerOptions).toEqual({ openai: { promptCacheKey: "parley-agent-agent-1" } });
  });

  it(`[SEEN] history starts on a ${HISTORY_ANCHOR_BLOCK}-message boundary, so a new message does not move it`, () => {
    const window = (from: number, to: number, lastProcessedSeq: number): ContextInput["history"] => ({
      space: { id: "sp-1", name: "Project Alpha" },
      lastProcessedSeq,
      shownFromSeq: from,
      unshownUnread: 0,
      messages: Array.from({ length: to - from + 1 }, (_, i) => msg(from + i)),
    });
    const firstLine = (h: ContextInput["history"]) => /\[msg:(m\d+)\]/.exec(buildContext(input({ history: h })).slowPart)?.[1];
    expect(anchoredStart(1)).toBe(1);
    expect(anchoredStart(2)).toBe(HISTORY_ANCHOR_BLOCK + 1);
    expect(anchoredStart(HISTORY_ANCHOR_BLOCK + 1)).toBe(HISTORY_ANCHOR_BLOCK + 1);
    // Windows of 50 extended back to the block start (as the loader does) start their [SEEN]
    // lines at 51 from the window ending at 101 to the one ending at 149; at 150, at 101.
    const extended = (to: number) => {
      const from = Math.floor((to - 50) / HISTORY_ANCHOR_BLOCK) * HISTORY_ANCHOR_BLOCK + 1;
      return { ...window(from, to, to - 1)!, shownFromSeq: to - 49, extendedFromSeq: from };
    };
    expect(firstLine(extended(101))).toBe("m51");
    expect(firstLine(extended(149))).toBe("m51");
    expect(firstLine(extended(150))).toBe("m101");
    // Without the extension the first boundary inside the window is the start.
    expect(firstLine(window(13, 62, 61))).toBe("m51");
    // What the anchor leaves out is behind the cursor: the range the run was shown starts at the anchor.
    expect(buildContext(input({ history: window(13, 62, 61) })).seen).toEqual({ spaceId: "sp-1", fromSeq: 51, toSeq: 62 });
    // Unread messages are never left out for the anchor: they are this run's work.
    const behind = buildContext(input({ history: window(13, 62, 15) }));
    expect(behind.turnPart).toContain("[msg:m16]");
    expect(behind.slowPart).not.toContain("[msg:m13]");
    expect(behind.seen).toEqual({ spaceId: "sp-1", fromSeq: 16, toSeq: 62 });
  });

  it("between runs with twelve messages between them, the slow part only grows at its end until a whole anchor block has passed", () => {
    const run = (to: number) => {
      const first = to - 49;
      const from = Math.floor((first - 1) / HISTORY_ANCHOR_BLOCK) * HISTORY_ANCHOR_BLOCK + 1;
      const messages = Array.from({ length: to - from + 1 }, (_, i) => msg(from + i, ada, `${"a long enough line ".repeat(40)}${from + i}`));
      return buildContext(
        input({
          history: {
            space: { id: "sp-1", name: "Project Alpha" },
            lastProcessedSeq: to - 12,
            shownFromSeq: first,
            unshownUnread: 0,
            messages,
            extendedFromSeq: from,
          },
        }),
      );
    };
    const runs = [62, 74, 86, 98].map(run);
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.slowPart.startsWith(runs[i - 1]!.slowPart)).toBe(true);
    // At 150 the window starts at 101, on a block boundary: the history now starts there, once.
    expect(run(150).slowPart.startsWith(runs.at(-1)!.slowPart)).toBe(false);
  });
});
