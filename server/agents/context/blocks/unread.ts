// The unread messages a run is told about but not shown line by line: those older than SPACE
// HISTORY's window, and [NEW] lines left out for the budget. Their count, speakers, time range
// and key lines stand for them; the model was shown this, so they count as seen and the next
// run does not mark them [NEW] again. Quoted like everything else people wrote.
import type { UnreadDigest } from "../context-input";
import { quote } from "../format";

/** Speakers named; the rest are counted. */
const SHOWN_SPEAKERS = 8;

/** `offset`: the read_messages offset that pages back to the newest of them. */
export function unreadLines(d: UnreadDigest, offset: number): string[] {
  const named = d.speakers.slice(0, SHOWN_SPEAKERS).map((s) => `${quote(s.name)} (${s.type}) ×${s.count}`);
  const others = d.speakers.length - named.length;
  if (others > 0) named.push(`+${others} more`);
  const n = d.count;
  return [
    `  … ${n} older unread message${n === 1 ? "" : "s"} not shown in full (${d.fromAt} to ${d.toAt}); this digest stands for them and they now count as read (read_messages offset=${offset} for the full text):`,
    `    speakers: ${named.join(", ")}`,
    ...(d.keyLines.length ? ["    key lines:", ...d.keyLines.map((k) => `      [msg:${k.id}] [${k.at}] ${quote(k.sender)}: ${quote(k.text)}`)] : []),
  ];
}
