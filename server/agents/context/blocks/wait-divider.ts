// The divider a resumed call's history gets: the lines below it arrived while the run waited.
import type { ContextInput, SpaceHistory } from "../context-input";

/** Seq after which messages arrived during the wait, and the divider line; null unless the history is the wait's space. */
export function waitDivider(input: ContextInput, h: SpaceHistory): { afterSeq: number; line: string } | null {
  const r = input.resume;
  if (!r?.question || r.question.space.id !== h.space.id) return null;
  // Everything after the question arrived while waiting (afterSeq is the space's last seq when the wait was saved).
  const asked = h.messages.find((m) => m.id === r.question!.messageId);
  const since = r.since ? ` since ${r.since}` : "";
  return { afterSeq: asked?.seq ?? r.afterSeq, line: `  ── arrived while you waited for a reply to msg:${r.question.messageId}${since} ──` };
}

/** A seq inside one of the ranges (inclusive). */
export const inRanges = (ranges: readonly [number, number][] | undefined, seq: number): boolean => !!ranges?.some(([lo, hi]) => seq >= lo && seq <= hi);
