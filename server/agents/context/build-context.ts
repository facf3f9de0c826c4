// The structured context of one model call. Pure: data in, text out. Each block has its own
// file under blocks/; this one decides their order and the budget. Providers cache a prompt's
// longest repeated prefix, so the parts go from the most stable to the least: the static part
// (identity, persona, instructions: the system role), then the slow part (the agent's spaces,
// goals, memories, plans and the [SEEN] history, whose start is anchored: anchor-history.ts),
// then the per-run part (time, trigger, active space, [NEW] history, plans due, admin changes
// since the previous run, runs, failures) and the closing instruction. A [SEEN] line never
// changes, and a line only joins the slow part once it is seen, so between two runs the slow
// part only grows at its end. When the whole text
// would exceed the budget, the trigger and the workspace blocks are bounded on their own, and
// history gets what they leave (blocks/history.ts says what goes first).
import { HISTORY_ANCHOR_BLOCK } from "@/lib/limits";
import type { ContextInput } from "./context-input";
import { countTokens } from "./token-count";
import { boundTrigger } from "./bound-trigger";
import type { EarlierDigest } from "./earlier-digest";
import { quote } from "./format";
import { anchorHistory } from "./anchor-history";
import { identityBlock } from "./blocks/identity";
import { activeSpaceBlock, resumeBlock, triggerBlock } from "./blocks/trigger";
import { type HistoryLines, historyLines } from "./blocks/history";
import { goalsBlock, memoriesBlock, plansBlock, plansDueBlock, spacesBlock } from "./blocks/workspace";
import { runsBlock } from "./blocks/runs";
import { closingPrompt } from "./blocks/closing";
import { foldedLines } from "./blocks/folded";
import { thisRunBlock } from "./blocks/this-run";
import { failuresBlock } from "./blocks/failures";
import { adminChangesBlock } from "./blocks/admin-changes";

export interface BuiltContext {
  /** Every part in order, as the model reads it: saved on the run for the inspector. */
  text: string;
  /** The system role: the same for every run of the agent. */
  staticPart: string;
  /** The first user message: the agent's standing state and the [SEEN] history; grows at its end between runs. */
  slowPart: string;
  /**
   * The slow part cut before each block of HISTORY_ANCHOR_BLOCK seqs of [SEEN] history; joined,
   * they are `slowPart`. Providers that cache only at marked points can mark a cut that later
   * runs repeat (see settledChunks) and find it again as the part grows.
   */
  slowChunks: string[];
  /** How many leading slowChunks later runs repeat unchanged: no message can join their blocks any more. */
  settledChunks: number;
  /** The last user message, before `prompt`: what this run is about. */
  turnPart: string;
  /** The closing instruction of the call: what to do with the context (start, or continue after a wait). Last. */
  prompt: string;
  tokens: number;
  omittedSeen: number;
  /** [NEW] history lines left out for the budget (they stay unread). */
  omittedNew: number;
  /** The EARLIER IN THIS SPACE digest shown, to cache; null when no history line was left out. */
  earlier: EarlierDigest | null;
  /** The history window's messages, first to last seq: shown to the agent, so its cursor may cross them. */
  seen: { spaceId: string; fromSeq: number; toSeq: number } | null;
}

export const buildStaticPart = identityBlock;

export function buildContext(raw: ContextInput): BuiltContext {
  const input: ContextInput = boundTrigger(raw.history ? { ...raw, history: anchorHistory(raw.history) } : raw);
  const staticPart = buildStaticPart(input.agent);
  const prompt = closingPrompt(input);
  const slow = [spacesBlock(input), "", goalsBlock(input), "", memoriesBlock(input), "", plansBlock(input)];
  const turnHead = [
    `NOW: ${quote(input.now)}`,
    "",
    triggerBlock(input),
    ...foldedLines(input),
    ...resumeBlock(input),
    ...thisRunBlock(input),
    "",
    activeSpaceBlock(input),
  ];
  const due = plansDueBlock(input, new Date(input.now));
  const turnTail = [...(due.length ? ["", ...due] : []), ...adminChangesBlock(input), "", runsBlock(input), ...failuresBlock(input)];

  const fixed = [staticPart, ...slow, ...turnHead, ...turnTail, prompt].join("\n");
  const budget = Math.max(0, input.maxTokens - countTokens(fixed, input.counting));
  const h = historyLines(input, budget);
  const placeholder = h && !h.seen.length && !h.notes.omitted ? [h.fresh.length ? "  (none seen yet: see NEW IN SPACE HISTORY)" : "  (no messages yet)"] : [];
  const historySlow = h
    ? [...(h.earlierLines.length ? [...h.earlierLines, ""] : []), h.header, ...(h.notes.omitted ? [h.notes.omitted] : []), ...placeholder, ...h.seen]
    : ["SPACE HISTORY: none loaded (use read_messages)"];
  // [NEW] lines change class between runs (they become [SEEN]), so they belong to this run's part.
  const historyTurn =
    h && input.history
      ? [
          "",
          `NEW IN SPACE HISTORY (${quote(input.history.space.name)}) since your last run:`,
          ...(h.notes.unshown ? [h.notes.unshown] : []),
          ...(h.notes.omittedNew ? [h.notes.omittedNew] : []),
          ...(h.fresh.length ? h.fresh : ["  none"]),
        ]
      : [];

  const { chunks: slowChunks, settled: settledChunks } = chunkSlowPart([...slow, "", ...historySlow], h, input.history?.lastProcessedSeq ?? 0);
  const slowPart = slowChunks.join("");
  const turnPart = [...turnHead, ...historyTurn, ...turnTail].join("\n");
  const text = `${staticPart}\n\n${slowPart}\n\n${turnPart}\n\n${prompt}\n`;
  const last = input.history?.messages.at(-1);
  return {
    text,
    staticPart,
    slowPart,
    slowChunks,
    settledChunks,
    turnPart,
    prompt,
    tokens: countTokens(text, input.counting),
    omittedSeen: h?.omitted ?? 0,
    omittedNew: h?.omittedNew ?? 0,
    earlier: h?.earlier ?? null,
    // [SEEN] lines left out are behind the cursor already; [NEW] ones left out are not in the range.
    seen: last && input.history && h && h.fromSeq !== null ? { spaceId: input.history.space.id, fromSeq: h.fromSeq, toSeq: last.seq } : null,
  };
}

/**
 * The slow part's lines as chunks: the standing state with the history's header, then one
 * chunk per block of [SEEN] lines (by seq, on the same boundaries as the anchor). A block is
 * settled once the cursor has passed its last seq: every later run shows it the same.
 */
function chunkSlowPart(lines: string[], h: HistoryLines | null, lastProcessedSeq: number): { chunks: string[]; settled: number } {
  const seenCount = h?.seen.length ?? 0;
  const groups: { block: number; lines: string[] }[] = [{ block: -1, lines: lines.slice(0, lines.length - seenCount) }];
  h?.seen.forEach((line, i) => {
    const block = Math.floor((h.seenSeqs[i]! - 1) / HISTORY_ANCHOR_BLOCK);
    const last = groups.at(-1)!;
    if (last.block === block) last.lines.push(line);
    else groups.push({ block, lines: [line] });
  });
  const chunks = groups.map((g, i) => g.lines.join("\n") + (i < groups.length - 1 ? "\n" : ""));
  const settled = groups.filter((g) => (g.block + 1) * HISTORY_ANCHOR_BLOCK <= lastProcessedSeq).length;
  return { chunks, settled };
}
