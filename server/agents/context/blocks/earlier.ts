// EARLIER IN THIS SPACE: the digest of the active space's messages that were left out of
// SPACE HISTORY for the budget (context/earlier-digest.ts), with how many messages came before
// the history's first line in all and how many of those came after the digest's last one.
// Names, lines and the summary are quoted like everything else people wrote; the summary is
// marked as written by a model.
import { MAX_SUMMARY_CHARS } from "@/lib/limits";
import type { EarlierDigest } from "../earlier-digest";
import { clipText } from "../clip";
import { quote } from "../format";

/** Speakers named in the block; the rest are counted. */
const SHOWN_SPEAKERS = 8;

/**
 * The block within `room` tokens: all of it, or without the summary, then with fewer key
 * lines (the newest kept), then only its first line; nothing when there is no room at all.
 */
export function earlierBlock(
  d: EarlierDigest,
  at: { before: number },
  room = Number.POSITIVE_INFINITY,
  count: (lines: string[]) => number = () => 0,
): string[] {
  if (room <= 0) return [];
  const named = d.speakers.slice(0, SHOWN_SPEAKERS).map((s) => `${quote(s.name)} (${s.type}) ×${s.count}`);
  const others = d.speakers.length - named.length;
  if (others > 0) named.push(`+${others} more`);
  // Seqs count every message posted, deleted ones included; the digest covers only what was left out of earlier contexts.
  const after = Math.max(0, at.before - d.throughSeq);
  const head =
    `EARLIER IN THIS SPACE (a digest of ${d.count} of the ${at.before} message${at.before === 1 ? "" : "s"} before the first SPACE HISTORY line, ` +
    `${d.fromAt} to ${d.toAt}; ${after} of them came after its last one; use read_messages for the full text):`;
  const render = (keyLines: EarlierDigest["keyLines"], summary: boolean) => [
    head,
    `  speakers: ${named.join(", ")}`,
    "  key lines:",
    ...keyLines.map((k) => `    [msg:${k.id}] [${k.at}] ${quote(k.sender)}: ${quote(k.text)}`),
    ...(summary && d.summary ? [`  summary (written by a model from these messages): ${quote(clipText(d.summary, MAX_SUMMARY_CHARS))}`] : []),
  ];
  const full = render(d.keyLines, true);
  if (count(full) <= room) return full;
  for (let k = d.keyLines.length; k >= 0; k--) {
    const lines = render(d.keyLines.slice(d.keyLines.length - k), false);
    if (count(lines) <= room) return lines;
  }
  return count([head]) <= room ? [head] : [];
}

/** The most an EARLIER block takes, in tokens: what history keeps free once it starts dropping lines. */
export const EARLIER_BLOCK_MAX_TOKENS = 1_000;
