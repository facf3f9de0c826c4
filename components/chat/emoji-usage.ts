// The picker's "Frequently used": the viewer's own most used emoji (counted in this browser,
// per person), then everyday defaults. Kept in localStorage: nothing about it needs the server.

/** Shown after the viewer's own favourites, and alone until they have any. */
export const DEFAULT_EMOJI = ["👍", "❤️", "😂", "🎉", "👀", "✅"] as const;
/** How many emoji the frequent row shows. */
export const FREQUENT_SHOWN = 16;

const key = (meId: string) => `parley:emoji-usage:${meId}`;

function read(meId: string): Record<string, number> {
  try {
    const v = JSON.parse(localStorage.getItem(key(meId)) ?? "{}");
    return v && typeof v === "object" ? (v as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function recordEmojiUse(meId: string, emoji: string): void {
  const counts = read(meId);
  counts[emoji] = (counts[emoji] ?? 0) + 1;
  // Bounded: only the most used few are ever shown.
  const kept = Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 50);
  try {
    localStorage.setItem(key(meId), JSON.stringify(Object.fromEntries(kept)));
  } catch {
    /* storage full or disabled: the defaults still show */
  }
}

/** The viewer's most used first, then the defaults, without repeats. */
export function frequentEmoji(meId: string): string[] {
  const mine = Object.entries(read(meId))
    .sort((a, b) => b[1] - a[1])
    .map(([e]) => e);
  return [...new Set([...mine, ...DEFAULT_EMOJI])].slice(0, FREQUENT_SHOWN);
}
