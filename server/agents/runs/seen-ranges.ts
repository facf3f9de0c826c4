// What a run was shown, per space, as ranges of message seqs (seqs are gap-free per space).
// The agent's cursor may only move across messages it was shown: from its current position
// it advances through ranges that touch it, and stops at the first message it never saw. A
// 60-message backlog behind a trigger, of which the context showed the newest 50, therefore
// leaves the cursor where it was; a follow-up that arrived mid-run stays new for the next run.

/** Inclusive [from, to] seq ranges, sorted, merged when they overlap or touch. */
export type SeenRanges = [number, number][];

export function addRange(ranges: SeenRanges, from: number, to: number): SeenRanges {
  if (to < from) return ranges;
  const all = [...ranges, [from, to] as [number, number]].sort((a, b) => a[0] - b[0]);
  const merged: SeenRanges = [];
  for (const [lo, hi] of all) {
    const last = merged.at(-1);
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  return merged;
}

/** The furthest seq reachable from `cursor` through shown messages only (the cursor itself if none). */
export function advanceFrom(ranges: SeenRanges, cursor: number): number {
  let at = cursor;
  for (const [lo, hi] of ranges) if (lo <= at + 1 && hi > at) at = hi;
  return at;
}

/** Run.seenCursors as stored; entries of any other shape (older rows) count as nothing shown. */
export function parseSeen(json: unknown): Record<string, SeenRanges> {
  const out: Record<string, SeenRanges> = {};
  if (!json || typeof json !== "object") return out;
  for (const [spaceId, value] of Object.entries(json)) {
    if (!Array.isArray(value)) continue;
    let ranges: SeenRanges = [];
    for (const r of value) if (Array.isArray(r) && Number.isInteger(r[0]) && Number.isInteger(r[1])) ranges = addRange(ranges, r[0], r[1]);
    out[spaceId] = ranges;
  }
  return out;
}
