// A stable colour per person or agent, so avatars are recognisable without images.
const PALETTE = ["#e11d48", "#db2777", "#9333ea", "#4f46e5", "#0284c7", "#0d9488", "#059669", "#65a30d", "#d97706", "#ea580c"];

export function avatarColorFor(seed: string): string {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}
