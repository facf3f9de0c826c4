// SPACE HISTORY: the active space's window, each line marked [SEEN] or [NEW], fitted to its
// budget. Every line's text is cut first: [NEW], trigger and reply lines and the most recent
// [SEEN] ones at MAX_NEW_LINE_CHARS, older [SEEN] ones at MAX_OLD_LINE_CHARS. Over the budget,
// in order: the oldest [SEEN] lines go (all but the MIN_RECENT_SEEN_LINES most recent), and
// an EARLIER IN THIS SPACE digest stands for them; then lines are cut down to MIN_LINE_CHARS,
// oldest first; then the oldest [NEW] lines go too, and stay unread (their range is not
// marked seen, so the next run shows them again). The trigger and the reply always stay.
import { MAX_NEW_LINE_CHARS, MAX_OLD_LINE_CHARS, MIN_LINE_CHARS, MIN_RECENT_SEEN_LINES } from "@/lib/limits";
import type { ContextInput, HistoryMessage, SpaceHistory } from "../context-input";
import { clipText } from "../clip";
import { mergeDigest, type EarlierDigest } from "../earlier-digest";
import { messageLine, quote } from "../format";
import { countTokens, DEFAULT_CHARS_PER_TOKEN } from "../token-count";
import { EARLIER_BLOCK_MAX_CHARS, earlierBlock } from "./earlier";

export interface HistoryResult {
  lines: string[];
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
  /** Trigger or reply: never cut below the floor, never dropped. */
  pinned: boolean;
  /** One of the most recent [SEEN] lines: never dropped. */
  recent: boolean;
  cap: number;
  line: string;
  tokens: number;
  dropped: boolean;
}

/** History lines within `budget` tokens. */
export function historyLines(input: ContextInput, budget: number): HistoryResult {
  const h: SpaceHistory | null = input.history;
  if (!h) return { lines: ["SPACE HISTORY: none loaded (use read_messages)"], omitted: 0, omittedNew: 0, fromSeq: null, earlier: null };
  const count = (text: string) => countTokens(text, input.counting) + 1;
  const triggerId = input.trigger.type === "space_message" ? input.trigger.message.id : null;
  const replyId = input.resume?.replyMessageId ?? null;
  const recentSeen = new Set(
    h.messages
      .filter((m) => m.seq <= h.lastProcessedSeq && m.id !== triggerId && m.id !== replyId)
      .slice(-MIN_RECENT_SEEN_LINES)
      .map((m) => m.id),
  );
  const render = (e: Entry, cap: number) => {
    e.cap = cap;
    e.line = messageLine({ ...e.m, text: clipText(e.m.text, cap) }, e.marks);
    e.tokens = count(e.line);
  };
  const entries: Entry[] = h.messages.map((m) => {
    const seen = m.seq <= h.lastProcessedSeq;
    const marks = { seen, trigger: m.id === triggerId, reply: m.id === replyId, spaceId: h.space.id, viewerId: input.agent.entityId, reach: input.reach };
    const pinned = marks.trigger || marks.reply;
    const e: Entry = { m, marks, pinned, recent: recentSeen.has(m.id), cap: 0, line: "", tokens: 0, dropped: false };
    render(e, !seen || pinned || e.recent ? MAX_NEW_LINE_CHARS : MAX_OLD_LINE_CHARS);
    return e;
  });
  const header = `SPACE HISTORY (${quote(h.space.name)}):`;
  // Room for the header and the notes on what was left out.
  let total = count(header) + 2 * count(`  … 999 earlier [SEEN] messages omitted to fit the context budget (use read_messages offset=999)`);
  total += entries.reduce((n, e) => n + e.tokens, 0);
  let room = budget;
  // Once lines are left out the EARLIER digest stands for them: keep its room free.
  if (total > room) room -= Math.ceil(EARLIER_BLOCK_MAX_CHARS / (input.counting?.charsPerToken ?? DEFAULT_CHARS_PER_TOKEN));
  const live = () => entries.filter((e) => !e.dropped);
  const drop = (e: Entry) => {
    e.dropped = true;
    total -= e.tokens;
  };

  // 1. The oldest [SEEN] lines, all but the most recent few.
  for (const e of entries) {
    if (total <= room) break;
    if (e.marks.seen && !e.pinned && !e.recent) drop(e);
  }
  // 2. Every line cut down to the floor, oldest first.
  for (const e of live()) {
    if (total <= room) break;
    if (e.cap <= MIN_LINE_CHARS) continue;
    total -= e.tokens;
    render(e, MIN_LINE_CHARS);
    total += e.tokens;
  }
  // 3. The oldest [NEW] lines: they stay unread.
  for (const e of entries) {
    if (total <= room) break;
    if (!e.dropped && !e.marks.seen && !e.pinned) drop(e);
  }

  const droppedSeen = entries.filter((e) => e.dropped && e.marks.seen).map((e) => e.m);
  const droppedNew = entries.filter((e) => e.dropped && !e.marks.seen);
  const kept = live();
  const earlier = droppedSeen.length ? mergeDigest(input.earlier, droppedSeen) : null;
  const lines = [...(earlier ? [...earlierBlock(earlier), ""] : []), header];
  // Unread messages older than the window were not shown: say so, with the offset that pages back to them.
  const unshown = h.unshownUnread;
  if (unshown) lines.push(`  … ${unshown} older unread message${unshown === 1 ? "" : "s"} not shown (read_messages offset=${h.messages.length})`);
  const omitted = droppedSeen.length;
  if (omitted) lines.push(`  … ${omitted} earlier [SEEN] message${omitted === 1 ? "" : "s"} omitted to fit the context budget (use read_messages to see them)`);
  const newest = droppedNew.at(-1);
  if (newest) {
    const offset = h.messages.length - 1 - h.messages.indexOf(newest.m);
    const n = droppedNew.length;
    lines.push(`  … ${n} unread message${n === 1 ? "" : "s"} not shown to fit the context budget (read_messages offset=${offset})`);
  }
  if (kept.length === 0) lines.push("  (no messages yet)");
  lines.push(...kept.map((e) => e.line));
  // Left-out unread messages must not count as seen: the shown range starts after the newest of them.
  const fromSeq = kept.length === 0 ? null : newest ? newest.m.seq + 1 : h.shownFromSeq;
  return { lines, omitted, omittedNew: droppedNew.length, fromSeq, earlier };
}
