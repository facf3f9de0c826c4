// SPACE HISTORY: the active space's window, each line marked [SEEN] or [NEW].
import type { ContextInput, SpaceHistory } from "../context-input";
import { estimateTokens } from "../budget";
import { messageLine, quote } from "../format";

/** History lines within `budget` tokens: the oldest [SEEN] lines are dropped first. */
export function historyLines(input: ContextInput, budget: number): { lines: string[]; omitted: number } {
  const h: SpaceHistory | null = input.history;
  if (!h) return { lines: ["SPACE HISTORY: none loaded (use read_messages)"], omitted: 0 };
  const triggerId = input.trigger.type === "space_message" ? input.trigger.message.id : null;
  const replyId = input.resume?.replyMessageId ?? null;
  const entries = h.messages.map((m) => {
    const seen = m.seq <= h.lastProcessedSeq;
    const marks = { seen, trigger: m.id === triggerId, reply: m.id === replyId, spaceId: h.space.id, viewerId: input.agent.entityId, reach: input.reach };
    return { droppable: seen && !marks.trigger && !marks.reply, line: messageLine(m, marks) };
  });
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
