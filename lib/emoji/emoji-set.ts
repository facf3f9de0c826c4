// The emoji Parley knows: Emojibase's English data set (emojibase-data, shipped in the npm
// package, never fetched). The server checks every reaction against it and the picker lists
// it, so both agree on what an emoji is. It is large (about half a megabyte of JSON): the
// browser imports this module only when a picker opens (dynamic import), never up front.
import data from "emojibase-data/en/compact.json";

/** An emoji as the picker shows it: the character, its name and the words it is found by. */
export interface EmojiEntry {
  emoji: string;
  label: string;
  /** Lower-case search words: the name's words and Emojibase's tags. */
  keywords: string[];
}

/** Emojibase's "component" group: skin tone and hair swatches, parts of emoji rather than emoji. */
const COMPONENT_GROUP = 2;
/** The variation selector that asks for emoji presentation: "❤" and "❤️" are one emoji. */
const VS16 = /\uFE0F/g;

/**
 * Emojibase writes some emoji with a selector they do not need ("👍" + U+FE0F): after a
 * character shown as emoji by default it is dropped, as in Unicode's fully-qualified form,
 * so what is stored is what keyboards and other apps send.
 */
const fullyQualified = (u: string) => u.replace(/(\p{Emoji_Presentation})\uFE0F/gu, "$1");

const listed = data.filter((e) => e.group !== undefined && e.group !== COMPONENT_GROUP).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));

/** Every emoji the picker offers, in Unicode's order (skin tones are accepted but not listed). */
export const EMOJI: readonly EmojiEntry[] = listed.map((e) => ({
  emoji: fullyQualified(e.unicode),
  label: e.label,
  keywords: [...new Set([...e.label.toLowerCase().split(/[^\p{L}\p{N}]+/u), ...(e.tags ?? [])].filter(Boolean))],
}));

// Each emoji (and each skin tone of it) under its form without variation selectors.
const canonical = new Map<string, string>();
for (const e of listed) for (const u of [e.unicode, ...(e.skins ?? []).map((s) => s.unicode)]) canonical.set(u.replace(VS16, ""), fullyQualified(u));

/** The data set's form of `text` when it is one known emoji (with or without variation selectors); else null. */
export function canonicalEmoji(text: string): string | null {
  return canonical.get(text.replace(VS16, "")) ?? null;
}

/**
 * Emoji whose name or keywords start with every word of `query` (case-insensitive): those whose
 * name starts with it first, then those with a word of the name starting with it, then those
 * found by a keyword only ("party" finds 🎉 party popper before 😛 tagged "party"); each in list order.
 */
export function searchEmoji(query: string, list: readonly EmojiEntry[] = EMOJI): EmojiEntry[] {
  const q = query.trim().toLowerCase();
  const words = q.split(/\s+/).filter(Boolean);
  if (!words.length) return [...list];
  const rank = (e: EmojiEntry) => {
    const label = e.label.toLowerCase();
    if (label.startsWith(q)) return 0;
    return words.every((w) => label.split(/[^\p{L}\p{N}]+/u).some((l) => l.startsWith(w))) ? 1 : 2;
  };
  return list
    .filter((e) => words.every((w) => e.keywords.some((k) => k.startsWith(w))))
    .map((e, i) => ({ e, i, r: rank(e) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.e);
}
