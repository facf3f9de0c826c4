// The structured context of one model call. Pure: data in, text out. Each block has its own
// file under blocks/; this one decides their order and the budget. Providers cache a prompt's
// longest repeated prefix, so the parts go from the most stable to the least: the static part
// (identity, persona, instructions: the system role), then the slow part (the agent's spaces,
// goals, memories, plans and the [SEEN] history, whose start is anchored: anchor-history.ts),
// then the per-run part (time, trigger, active space, [NEW] history, plans due, admin changes
// since the previous run, runs, failures) and the closing instruction. A [SEEN] line never
// changes, and a line only joins the slow part once it is seen, so between two runs the slow
// part only grows at its end. Every block is counted in the model's tokens and has a room;
// history gets what the others leave, and when the whole is still over the budget the blocks
// give way in a fixed order (GIVE_WAY), the trigger, the identity and the newest lines last.
import { HISTORY_CACHE_CHUNK, MAX_TRIGGER_TEXT_CHARS, MIN_TRIGGER_TEXT_CHARS } from "@/lib/limits";
import type { ContextInput } from "./context-input";
import { countTokens } from "./token-count";
import { boundTrigger } from "./bound-trigger";
import type { EarlierDigest } from "./earlier-digest";
import { quote } from "./format";
import { anchorHistory } from "./anchor-history";
import { identityBlock } from "./blocks/identity";
import { activeSpaceBlock, resumeBlock, triggerBlock } from "./blocks/trigger";
import { type HistoryLines, type HistoryRoom, historyLines } from "./blocks/history";
import { goalsBlock, memoriesBlock, plansBlock, plansDueBlock, spacesBlock } from "./blocks/workspace";
import { closingPrompt } from "./blocks/closing";
import { messageChangesBlock } from "./blocks/message-changes";
import { threadBlock } from "./blocks/thread";
import { boundedAdminChanges, boundedFailures, boundedFolded, boundedRuns, boundedThisRun } from "./bounded-blocks";
import { type LineCounter, lineCounter } from "./fit";

export interface BuiltContext {
  /** Every part in order, as the model reads it: saved on the run for the inspector. */
  text: string;
  /** The system role: the same for every run of the agent. */
  staticPart: string;
  /** The first user message: the agent's standing state and the [SEEN] history; grows at its end between runs. */
  slowPart: string;
  /**
   * The slow part cut before each chunk of HISTORY_CACHE_CHUNK seqs of [SEEN] history; joined,
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
  /** The EARLIER IN THIS SPACE digest (in this run's part), to cache; null when no history line was left out. */
  earlier: EarlierDigest | null;
  /** The history window's messages, first to last seq: shown to the agent, so its cursor may cross them. */
  seen: { spaceId: string; fromSeq: number; toSeq: number } | null;
  /** Null when the context fits its budget; else what the smallest context holds, largest first, in tokens. */
  overflow: ContextPart[] | null;
  /** Each part's lines, named, for a report of what the context holds (contextParts). */
  sections: [string, string[]][];
}

export interface ContextPart {
  part: string;
  tokens: number;
}

/** What the context holds, by part, largest first: for an error that says what did not fit. */
export function contextParts(built: Pick<BuiltContext, "sections">, counting: ContextInput["counting"]): ContextPart[] {
  const count = lineCounter((text) => countTokens(text, counting));
  return built.sections
    .map(([part, lines]) => ({ part, tokens: count(lines) }))
    .filter((p) => p.tokens > 0)
    .sort((a, b) => b.tokens - a.tokens);
}

/** Parts in words: "space history 2,310 tokens, trigger 812, …". */
export const describeParts = (parts: readonly ContextPart[], max = 5): string =>
  parts
    .slice(0, max)
    .map((p, i) => `${p.part} ${p.tokens.toLocaleString("en-US")}${i === 0 ? " tokens" : ""}`)
    .join(", ");

export const buildStaticPart = identityBlock;

/** Each block's room, in tokens of the context budget, and how far history gives way. */
interface Rooms {
  spaces: number;
  goals: number;
  memories: number;
  plans: number;
  adminChanges: number;
  runs: number;
  failures: number;
  thisRun: number;
  folded: number;
  history: HistoryRoom;
  triggerChars: number;
}

/** The share of the context budget each block may take before anything has to give way. */
const SHARES = {
  spaces: 0.12,
  goals: 0.08,
  memories: 0.1,
  plans: 0.06,
  adminChanges: 0.06,
  runs: 0.05,
  failures: 0.12,
  thisRun: 0.15,
  folded: 0.08,
  earlier: 0.3,
};

/**
 * What gives way first, step by step, when the context is over its budget (ARCHITECTURE.md
 * has the same list): every step keeps the ones before it. Before any step, history leaves
 * out its oldest [SEEN] lines (the EARLIER digest stands for them). The identity, the trigger
 * and the most recent lines go last.
 */
const GIVE_WAY: ((r: Rooms) => Rooms)[] = [
  (r) => ({ ...r, history: { ...r.history, clipToFloor: true } }),
  (r) => ({ ...r, plans: 0 }),
  (r) => ({ ...r, memories: 0, goals: 0 }),
  (r) => ({ ...r, spaces: 0 }),
  (r) => ({ ...r, adminChanges: 0, runs: 0 }),
  (r) => ({ ...r, history: { ...r.history, earlier: 0 } }),
  (r) => ({ ...r, failures: 0 }),
  (r) => ({ ...r, folded: 0, thisRun: 0 }),
  (r) => ({ ...r, history: { ...r.history, dropNew: true } }),
  (r) => ({ ...r, triggerChars: MIN_TRIGGER_TEXT_CHARS }),
];

function* levels(budget: number): Generator<Rooms> {
  const share = (s: number) => Math.floor(budget * s);
  let rooms: Rooms = {
    spaces: share(SHARES.spaces),
    goals: share(SHARES.goals),
    memories: share(SHARES.memories),
    plans: share(SHARES.plans),
    adminChanges: share(SHARES.adminChanges),
    runs: share(SHARES.runs),
    failures: share(SHARES.failures),
    thisRun: share(SHARES.thisRun),
    folded: share(SHARES.folded),
    history: { earlier: share(SHARES.earlier), clipToFloor: false, dropNew: false },
    triggerChars: MAX_TRIGGER_TEXT_CHARS,
  };
  yield rooms;
  for (const step of GIVE_WAY) yield (rooms = step(rooms));
}

/**
 * The context within `maxTokens`, giving way step by step (GIVE_WAY). When even the last
 * step is over, the result says what took the room (`overflow`): the run cannot be given a
 * context that fits, and says why.
 */
export function buildContext(raw: ContextInput): BuiltContext {
  const input: ContextInput = raw.history ? { ...raw, history: anchorHistory(raw.history) } : raw;
  const count = lineCounter((text) => countTokens(text, input.counting));
  let last: BuiltContext | null = null;
  for (const rooms of levels(input.maxTokens)) {
    last = assemble(boundTrigger(input, rooms.triggerChars), rooms, count);
    if (last.tokens <= input.maxTokens) return last;
  }
  return { ...last!, overflow: contextParts(last!, input.counting) };
}

function assemble(input: ContextInput, rooms: Rooms, count: LineCounter): BuiltContext {
  const staticPart = buildStaticPart(input.agent);
  const prompt = closingPrompt(input);
  const spaces = spacesBlock(input, rooms.spaces, count);
  const goals = goalsBlock(input, rooms.goals, count);
  const memories = memoriesBlock(input, rooms.memories, count);
  const plans = plansBlock(input, rooms.plans, count);
  const slow = [spaces, "", goals, "", memories, "", plans];
  const trigger = [triggerBlock(input), ...boundedFolded(input, rooms.folded, count)];
  const thisRun = boundedThisRun(input, rooms.thisRun, count);
  const thread = threadBlock(input);
  const turnHead = [`NOW: ${quote(input.now)}`, "", ...trigger, ...thread, ...resumeBlock(input), ...thisRun, "", activeSpaceBlock(input)];
  const due = plansDueBlock(input, new Date(input.now));
  const admin = boundedAdminChanges(input, rooms.adminChanges, count);
  const runs = boundedRuns(input, rooms.runs, count);
  const failures = boundedFailures(input, rooms.failures, count);
  const changes = messageChangesBlock(input);
  const turnTail = [...(due.length ? ["", ...due] : []), ...admin, ...changes, "", runs, ...failures];

  const fixed = [staticPart, ...slow, ...turnHead, ...turnTail, prompt].join("\n");
  const budget = Math.max(0, input.maxTokens - countTokens(fixed, input.counting));
  const h = historyLines(input, budget, rooms.history);
  const placeholder = h && !h.seen.length && !h.notes.omitted ? [h.fresh.length ? "  (none seen yet: see NEW IN SPACE HISTORY)" : "  (no messages yet)"] : [];
  const historySlow = h
    ? [h.header, ...(h.notes.omitted ? [h.notes.omitted] : []), ...placeholder, ...h.seen]
    : ["SPACE HISTORY: none loaded (use read_messages)"];
  // [NEW] lines change class between runs (they become [SEEN]), so they belong to this run's part;
  // so does the EARLIER digest, which changes whenever lines are left out: after the cached history, not before it.
  const historyTurn =
    h && input.history
      ? [
          ...(h.earlierLines.length ? ["", ...h.earlierLines] : []),
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
  const sections: [string, string[]][] = [
    ["identity and instructions", [staticPart, prompt]],
    ["trigger", trigger],
    ["thread", thread],
    ["space history", [...historySlow, ...historyTurn]],
    ["your spaces", [spaces]],
    ["goals", [goals]],
    ["memories", [memories]],
    ["plans", [plans, ...due]],
    ["this run so far", thisRun],
    ["admin changes", admin],
    ["message changes", changes],
    ["active runs", [runs]],
    ["failed runs", failures],
    ["resumed", resumeBlock(input)],
  ];
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
    overflow: null,
    sections,
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
    const block = Math.floor((h.seenSeqs[i]! - 1) / HISTORY_CACHE_CHUNK);
    const last = groups.at(-1)!;
    if (last.block === block) last.lines.push(line);
    else groups.push({ block, lines: [line] });
  });
  const chunks = groups.map((g, i) => g.lines.join("\n") + (i < groups.length - 1 ? "\n" : ""));
  const settled = groups.filter((g) => (g.block + 1) * HISTORY_CACHE_CHUNK <= lastProcessedSeq).length;
  return { chunks, settled };
}
