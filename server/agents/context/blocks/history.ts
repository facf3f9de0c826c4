// SPACE HISTORY: the active space's window, each line marked [SEEN] or [NEW].
import type { ContextInput, SpaceHistory } from "../context-input";
import { estimateTokens } from "../budget";
import { messageLine, quote } from "../format";
import { inRanges, waitDivider } from "./wait-divider";

/** History lines within `budget` tokens: the oldest [SEEN] lines are dropped first. */
export function historyLines(input: ContextInput, budget: number): { lines: string[]; omitted: number } {
  const h: SpaceHistory | null = input.history;
  if (!h) return { lines: ["SPACE HISTORY: none loaded (use read_messages)"], omitted: 0 };
  const triggerId = input.trigger.type === "space_message" ? input.trigger.message.id : null;
  const replyId = input.resume?.replyMessageId ?? null;
  const failedBy = new Map(input.failures.flatMap((f) => (f.trigger.messageId ? [[f.trigger.messageId, f.runId] as const] : [])));
  const divider = waitDivider(input, h);
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
    const entry = { droppable: seen && !marks.trigger && !marks.reply && !marks.failedRun, line: messageLine(m, marks) };
    const first = divider && m.seq > divider.afterSeq && (i === 0 || h.messages[i - 1]!.seq <= divider.afterSeq);
    return first ? [{ droppable: false, line: divider.line }, entry] : [entry];
  });
  if (divider && !h.messages.some((m) => m.seq > divider.afterSeq)) entries.push({ droppable: false, line: `${divider.line.replace(/ ──$/, "")}: nothing ──` });
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
  const lines = [header];
  // Unread messages older than the window were not shown: say so, with the offset that pages back to them.
  const unshown = h.unshownUnread;
  if (unshown) lines.push(`  … ${unshown} older unread message${unshown === 1 ? "" : "s"} not shown (read_messages offset=${h.messages.length})`);
  if (omitted) lines.push(`  … ${omitted} earlier [SEEN] message${omitted === 1 ? "" : "s"} omitted to fit the context budget (use read_messages to see them)`);
  if (kept.length === 0) lines.push("  (no messages yet)");
  lines.push(...kept.map((e) => e.line));
  return { lines, omitted };
}
