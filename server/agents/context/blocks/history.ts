// SPACE HISTORY: the active space's window, each line marked [SEEN] or [NEW]. The two kinds
// come back apart: build-context.ts puts [SEEN] lines, which never change, in the slowly
// changing part of the context and [NEW] ones in the per-run part.
import type { ContextInput, SpaceHistory } from "../context-input";
import { estimateTokens } from "../budget";
import { messageLine, quote } from "../format";
import { inRanges, waitDivider } from "./wait-divider";

export interface HistoryLines {
  header: string;
  /** Lines about messages not shown: older unread ones (per run) and [SEEN] ones left out for the budget. */
  notes: { unshown: string | null; omitted: string | null };
  seen: string[];
  /** The seq of each `seen` line. */
  seenSeqs: number[];
  fresh: string[];
  omitted: number;
}

/** History lines within `budget` tokens: the oldest [SEEN] lines are dropped first. */
export function historyLines(input: ContextInput, budget: number): HistoryLines | null {
  const h: SpaceHistory | null = input.history;
  if (!h) return null;
  const triggerId = input.trigger.type === "space_message" ? input.trigger.message.id : null;
  const replyId = input.resume?.replyMessageId ?? null;
  const failedBy = new Map(input.failures.flatMap((f) => (f.trigger.messageId ? [[f.trigger.messageId, f.runId] as const] : [])));
  const divider = waitDivider(input, h);
  // The divider is about this run (what arrived during its wait): it goes with the [NEW] lines.
  const dividerEntry = (line: string) => ({ seq: divider ? divider.afterSeq : 0, seen: false, droppable: false, line });
  const entries = h.messages.flatMap((m, i) => {
    // Shown earlier in this same run (before its wait, or to an attempt that died) counts as seen.
    const seen = m.seq <= h.lastProcessedSeq || inRanges(h.seenThisRun, m.seq);
    const marks = {
      seen,
      trigger: m.id === triggerId,
      reply: m.id === replyId,
      failedRun: failedBy.get(m.id),
      spaceId: h.space.id,
      viewerId: input.agent.entityId,
      reach: input.reach,
    };
    const entry = { seq: m.seq, seen, droppable: seen && !marks.trigger && !marks.reply && !marks.failedRun, line: messageLine(m, marks) };
    const first = divider && m.seq > divider.afterSeq && (i === 0 || h.messages[i - 1]!.seq <= divider.afterSeq);
    return first ? [dividerEntry(divider.line), entry] : [entry];
  });
  if (divider && !h.messages.some((m) => m.seq > divider.afterSeq)) entries.push(dividerEntry(`${divider.line.replace(/ ──$/, "")}: nothing ──`));
  const header = `SPACE HISTORY (${quote(h.space.name)}):`;
  let total = estimateTokens(header) + entries.reduce((n, e) => n + estimateTokens(e.line) + 1, 0);
  let omitted = 0;
  const kept = [...entries];
  // Drop from the oldest end while over budget, but only [SEEN] lines: the trigger and [NEW] stay.
  for (let i = 0; i < kept.length && total > budget; ) {
    const e = kept[i]!;
    if (e.droppable) {
      total -= estimateTokens(e.line) + 1;
      kept.splice(i, 1);
      omitted++;
    } else i++;
  }
  // Unread messages older than the window were not shown: say so, with the offset that pages back to them.
  const unshown = h.unshownUnread;
  const notes = {
    unshown: unshown ? `  … ${unshown} older unread message${unshown === 1 ? "" : "s"} not shown (read_messages offset=${h.messages.length})` : null,
    omitted: omitted
      ? `  … ${omitted} earlier [SEEN] message${omitted === 1 ? "" : "s"} omitted to fit the context budget (use read_messages to see them)`
      : null,
  };
  const lines = (seen: boolean) => kept.filter((e) => e.seen === seen).map((e) => e.line);
  return { header, notes, seen: lines(true), seenSeqs: kept.filter((e) => e.seen).map((e) => e.seq), fresh: lines(false), omitted };
}
