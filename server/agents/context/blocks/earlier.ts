// EARLIER IN THIS SPACE: the digest of the active space's messages that were left out of
// SPACE HISTORY for the budget (context/earlier-digest.ts). Names, lines and the summary are
// quoted like everything else people wrote; the summary is marked as written by a model.
import { EARLIER_KEY_LINES, MAX_SUMMARY_CHARS } from "@/lib/limits";
import type { EarlierDigest } from "../earlier-digest";
import { clipText } from "../clip";
import { quote } from "../format";

/** Speakers named in the block; the rest are counted. */
const SHOWN_SPEAKERS = 8;

export function earlierBlock(d: EarlierDigest): string[] {
  const named = d.speakers.slice(0, SHOWN_SPEAKERS).map((s) => `${quote(s.name)} (${s.type}) ×${s.count}`);
  const others = d.speakers.length - named.length;
  if (others > 0) named.push(`+${others} more`);
  return [
    `EARLIER IN THIS SPACE (${d.count} message${d.count === 1 ? "" : "s"} before the lines below, ${d.fromAt} to ${d.toAt}; use read_messages for the full text):`,
    `  speakers: ${named.join(", ")}`,
    "  key lines:",
    ...d.keyLines.map((k) => `    [msg:${k.id}] [${k.at}] ${quote(k.sender)}: ${quote(k.text)}`),
    ...(d.summary ? [`  summary (written by a model from these messages): ${quote(clipText(d.summary, MAX_SUMMARY_CHARS))}`] : []),
  ];
}

/** The most an EARLIER block takes, in characters: what history keeps free once it starts dropping lines. */
export const EARLIER_BLOCK_MAX_CHARS = 200 + SHOWN_SPEAKERS * 60 + EARLIER_KEY_LINES * 260 + MAX_SUMMARY_CHARS + 120;
