// Fitting a list block into a room of tokens, counted the way the budget counts them
// (token-count.ts), never in characters. A block keeps its items in order while they fit and
// says how many it left out; with no room at all it is its header and that count, so the
// model still knows the list exists and where to read it.

/** Tokens of a block's lines, as the budget counts them (one more per line for its newline). */
export type LineCounter = (lines: readonly string[]) => number;

/**
 * The most items of `items`, from the first, whose rendering fits `room`: `render(kept, left)`
 * draws the block with `left` items left out (it says so itself). Binary search: a block's
 * size grows with its items, so the first k that does not fit bounds the answer.
 */
export function fitPrefix<T>(items: readonly T[], room: number, render: (kept: T[], left: number) => string[], count: LineCounter): string[] {
  const full = render([...items], 0);
  if (count(full) <= room) return full;
  let lo = 0;
  let hi = items.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (count(render(items.slice(0, mid), items.length - mid)) <= room) lo = mid;
    else hi = mid - 1;
  }
  return render(items.slice(0, lo), items.length - lo);
}

/** A counter of lines from a counter of text. */
export const lineCounter =
  (count: (text: string) => number): LineCounter =>
  (lines) =>
    lines.length ? count(lines.join("\n")) + 1 : 0;
