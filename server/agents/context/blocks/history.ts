// SPACE HISTORY: the active space's window, each line marked [SEEN] or [NEW], fitted to its
// budget. The two kinds come back apart: build-context.ts puts [SEEN] lines, which never
// change, in the slowly changing part of the context and [NEW] ones in the per-run part.
//
// Every line's text is cut first: [NEW], trigger and reply lines at MAX_NEW_LINE_CHARS, [SEEN]
// lines at MAX_SEEN_LINE_CHARS. A [SEEN] line is cut once, when it is first seen, and never
// again, so the cached history it sits in stays the same. Over the budget, in order: the
// oldest [SEEN] lines go, a chunk of HISTORY_CACHE_CHUNK seqs at a time (all but the
// MIN_RECENT_SEEN_LINES most recent), and an EARLIER IN THIS SPACE digest stands for them; then
// [NEW] lines are cut down to MIN_LINE_CHARS, oldest first; then the oldest [NEW] lines go too.
// Unread messages never shown line by line (older than the window, or [NEW] lines left out)
// are counted and digested in one block the model is shown (blocks/unread.ts), so they count
// as seen: a backlog of any size is handled within one run. The trigger, the reply and a
// failed trigger always stay. How far history may give way is the caller's (build-context.ts).
import { HISTORY_CACHE_CHUNK, MAX_NEW_LINE_CHARS, MAX_SEEN_LINE_CHARS, MIN_LINE_CHARS, MIN_RECENT_SEEN_LINES } from "@/lib/limits";
import type { ContextInput, HistoryMessage, SpaceHistory } from "../context-input";
import { clipText } from "../clip";
import { mergeDigest, type EarlierDigest } from "../earlier-digest";
import { messageLine, quote } from "../format";
import { countTokens } from "../token-count";
import { EARLIER_BLOCK_MAX_TOKENS, earlierBlock } from "./earlier";
import { inRanges, waitDivider } from "./wait-divider";
import { unreadLines } from "./unread";

export interface HistoryLines {
  header: string;
  /** The EARLIER IN THIS SPACE block (a digest of the [SEEN] lines left out), shown in this run's part; empty when none. */
  earlierLines: string[];
  /**
   * Lines about messages not shown: the digest of unread ones not shown line by line (and, in an
   * agent's first context, that older lines are from before it joined), [NEW] ones left out (per
   * run), [SEEN] ones left out for the budget.
   */
  notes: { unshown: string | null; omitted: string | null; omittedNew: string | null };
  seen: string[];
  /** The seq of each `seen` line. */
  seenSeqs: number[];
  /** [NEW] lines, with the wait divider where it belongs. */
  fresh: string[];
  /** [SEEN] lines left out for the budget. */
  omitted: number;
  /** [NEW] lines left out for the budget: still unread. */
  omittedNew: number;
  /** First seq of the range this history shows (for the cursor); null when nothing is shown. */
  fromSeq: number | null;
  /** The digest the EARLIER block shows, to be cached; null when nothing was left out. */
  earlier: EarlierDigest | null;
}

interface Entry {
  m: HistoryMessage;
  marks: Parameters<typeof messageLine>[1];
  /** Trigger, reply or failed trigger: never cut below the floor, never dropped. */
  pinned: boolean;
  /** One of the most recent [SEEN] lines: never dropped. */
  recent: boolean;
  cap: number;
  line: string;
  tokens: number;
  dropped: boolean;
}

/** How far history gives way (build-context.ts decides, level by level). */
export interface HistoryRoom {
  /** Tokens kept for the EARLIER block once lines are left out; 0: the block is left out too. */
  earlier: number;
  /** Lines may be cut down to MIN_LINE_CHARS. */
  clipToFloor: boolean;
  /** The oldest [NEW] lines may be left out (they stay unread). */
  dropNew: boolean;
}

const NO_LIMIT: HistoryRoom = { earlier: Number.POSITIVE_INFINITY, clipToFloor: true, dropNew: true };

/** History lines within `budget` tokens; null when no space is active. */
export function historyLines(input: ContextInput, budget: number, give: HistoryRoom = NO_LIMIT): HistoryLines | null {
  const h: SpaceHistory | null = input.history;
  if (!h) return null;
  const count = (text: string) => countTokens(text, input.counting) + 1;
  const triggerId = input.trigger.type === "space_message" ? input.trigger.message.id : null;
  const replyId = input.resume?.replyMessageId ?? null;
  const failedBy = new Map(input.failures.flatMap((f) => (f.trigger.messageId ? [[f.trigger.messageId, f.runId] as const] : [])));
  // Shown earlier in this same run (before its wait, or to an attempt that died) counts as seen.
  const isSeen = (m: HistoryMessage) => m.seq <= h.lastProcessedSeq || inRanges(h.seenThisRun, m.seq);
  const recentSeen = new Set(
    h.messages
      .filter((m) => isSeen(m) && m.id !== triggerId && m.id !== replyId)
      .slice(-MIN_RECENT_SEEN_LINES)
      .map((m) => m.id),
  );
  const render = (e: Entry, cap: number) => {
    e.cap = cap;
    e.line = messageLine({ ...e.m, text: clipText(e.m.text, cap) }, e.marks);
    e.tokens = count(e.line);
  };
  const entries: Entry[] = h.messages.map((m) => {
    const seen = isSeen(m);
    const marks = {
      seen,
      trigger: m.id === triggerId,
      reply: m.id === replyId,
      failedRun: failedBy.get(m.id),
      handledBy: h.handledElsewhere?.[m.id],
      // A canceled request is not plain [NEW]: the model is told someone stopped it.
      canceled: seen ? undefined : h.canceled?.[m.id],
      spaceId: h.space.id,
      viewerId: input.agent.entityId,
      reach: input.reach,
    };
    const pinned = marks.trigger || marks.reply || marks.failedRun !== undefined || marks.canceled !== undefined;
    const e: Entry = { m, marks, pinned, recent: recentSeen.has(m.id), cap: 0, line: "", tokens: 0, dropped: false };
    render(e, !seen || pinned ? MAX_NEW_LINE_CHARS : MAX_SEEN_LINE_CHARS);
    return e;
  });
  const divider = waitDivider(input, h);
  const header = `SPACE HISTORY (${quote(h.space.name)}):`;
  // Room for the header, the divider and the notes on what was left out.
  let total = count(header) + (divider ? count(divider.line) : 0);
  total += 2 * count(`  … 999 earlier [SEEN] messages omitted to fit the context budget (use read_messages offset=999)`);
  if (h.unread) total += count(unreadLines(h.unread, h.messages.length).join("\n"));
  total += entries.reduce((n, e) => n + e.tokens, 0);
  let room = budget;
  // Once lines are left out the EARLIER digest stands for them: keep its room free.
  const earlierRoom = Math.min(give.earlier, EARLIER_BLOCK_MAX_TOKENS);
  if (total > room) room -= earlierRoom;
  const live = () => entries.filter((e) => !e.dropped);
  const drop = (e: Entry) => {
    e.dropped = true;
    total -= e.tokens;
  };

  // 1. The oldest [SEEN] lines, all but the most recent few, a whole chunk of seqs at a time:
  // the history's first line then moves in steps, and the cached part after it stays.
  const droppable = (e: Entry) => !e.dropped && e.marks.seen && !e.pinned && !e.recent;
  const chunk = (e: Entry) => Math.floor((e.m.seq - 1) / HISTORY_CACHE_CHUNK);
  for (const e of entries) {
    if (total <= room) break;
    if (!droppable(e)) continue;
    for (const f of entries) if (chunk(f) === chunk(e) && droppable(f)) drop(f);
  }
  // 2. [NEW] and pinned lines cut down to the floor, oldest first. A [SEEN] line is never cut
  // again (it would change the cached history): it is left out instead.
  for (const e of give.clipToFloor ? live() : []) {
    if (total <= room) break;
    if (e.cap <= MIN_LINE_CHARS || (e.marks.seen && !e.pinned)) continue;
    total -= e.tokens;
    render(e, MIN_LINE_CHARS);
    total += e.tokens;
  }
  // 3. The oldest [NEW] lines: a digest of the unread ones stands for them (they count as seen), so keep its room free.
  if (give.dropNew && total > room && !h.unread) room -= EARLIER_BLOCK_MAX_TOKENS;
  for (const e of give.dropNew ? entries : []) {
    if (total <= room) break;
    if (!e.dropped && !e.marks.seen && !e.pinned) drop(e);
  }

  const droppedSeen = entries.filter((e) => e.dropped && e.marks.seen).map((e) => e.m);
  const droppedNew = entries.filter((e) => e.dropped && !e.marks.seen);
  const kept = live();
  const earlier = droppedSeen.length ? mergeDigest(input.earlier, droppedSeen) : null;
  const omitted = droppedSeen.length;
  const newest = droppedNew.at(-1);
  // Unread messages not shown line by line (older than the window, left out for the budget): one digest stands for them.
  const merged = newest
    ? mergeDigest(
        h.unread,
        droppedNew.map((e) => e.m),
      )
    : null;
  const unread = merged ? { ...merged, fromSeq: h.unread?.fromSeq ?? droppedNew[0]!.m.seq } : (h.unread ?? null);
  const unreadOffset = newest ? h.messages.length - 1 - h.messages.indexOf(newest.m) : h.messages.length;
  const notes = {
    unshown: [...(unread ? unreadLines(unread, unreadOffset) : []), ...joinedNote(h)].join("\n") || null,
    omitted: omitted
      ? `  … ${omitted} earlier [SEEN] message${omitted === 1 ? "" : "s"} omitted to fit the context budget (use read_messages to see them)`
      : null,
    omittedNew: null,
  };
  const seenKept = kept.filter((e) => e.marks.seen);
  const fresh = kept.filter((e) => !e.marks.seen).map((e) => ({ seq: e.m.seq, line: e.line }));
  // The divider is about this call (what arrived during its wait): it opens the [NEW] lines after the question.
  if (divider) {
    const at = fresh.findIndex((f) => f.seq > divider.afterSeq);
    if (!h.messages.some((m) => m.seq > divider.afterSeq)) fresh.push({ seq: divider.afterSeq, line: `${divider.line.replace(/ ──$/, "")}: nothing ──` });
    else if (at >= 0) fresh.splice(at, 0, { seq: divider.afterSeq, line: divider.line });
  }
  // Shown or digested: every unread message from the cursor on counts as seen.
  const fromSeq = kept.length === 0 && !unread ? null : Math.min(unread?.fromSeq ?? h.shownFromSeq, h.shownFromSeq);
  return {
    header,
    earlierLines: earlier ? earlierBlock(earlier, { before: (kept[0]?.m.seq ?? 1) - 1 }, earlierRoom, (lines) => lines.reduce((n, l) => n + count(l), 0)) : [],
    notes,
    seen: seenKept.map((e) => e.line),
    seenSeqs: seenKept.map((e) => e.m.seq),
    fresh: fresh.map((f) => f.line),
    omitted,
    omittedNew: droppedNew.length,
    fromSeq,
    earlier,
  };
}

/**
 * An agent added to a space with history: until its first run there ends (its cursor still at
 * the join), it is told that the older lines are the space's history from before it joined.
 */
function joinedNote(h: SpaceHistory): string[] {
  const joinedAt = h.joinedAt;
  if (!joinedAt) return [];
  const lastBefore = h.messages.filter((m) => m.createdAt < joinedAt).at(-1);
  // Its first run there: nothing but the channel's own lines (the one announcing it) has been processed since it joined.
  const since = h.messages.filter((m) => lastBefore && m.seq > lastBefore.seq && m.seq <= h.lastProcessedSeq);
  if (!lastBefore || lastBefore.seq > h.lastProcessedSeq || since.some((m) => !m.system)) return [];
  return [
    `  (you were added to this space at ${h.joinedAt}: the messages before then are its earlier history, shown as [SEEN] for context; they are not requests to you)`,
  ];
}
