// The offline model's answer to a summary request (context/earlier-summary.ts): a fixed
// function of the request, so tests and the no-key demo get the same summary every time.
// It extends the summary so far with who spoke in the newer messages, how the first and the
// last began, and keeps the newest part when it grows past the limit.
import { MAX_SUMMARY_CHARS } from "@/lib/limits";
import { SUMMARY_REQUEST } from "../context/earlier-summary";

export const isSummaryRequest = (text: string): boolean => text.startsWith(SUMMARY_REQUEST);

const QUOTED = String.raw`"(?:[^"\\]|\\.)*"`;
const unquote = (s: string): string => {
  try {
    return JSON.parse(s) as string;
  } catch {
    return s;
  }
};

export function offlineSummary(request: string): string {
  const previous = unquote(new RegExp(`^SUMMARY SO FAR: (${QUOTED})$`, "m").exec(request)?.[1] ?? '""');
  const said = [...request.matchAll(new RegExp(`^\\[[^\\]]+\\] (${QUOTED}) \\((?:human|agent)\\): (${QUOTED})$`, "gm"))].map((m) => ({
    who: unquote(m[1]!),
    text: unquote(m[2]!),
  }));
  if (said.length === 0) return previous;
  const counts = new Map<string, number>();
  for (const s of said) counts.set(s.who, (counts.get(s.who) ?? 0) + 1);
  const who = [...counts].map(([name, n]) => `${name} ×${n}`).join(", ");
  const cut = (t: string) => (t.length > 80 ? `${t.slice(0, 79)}…` : t);
  const ends = said.length === 1 ? `: ${cut(said[0]!.text)}` : `, from ${cut(said[0]!.text)} to ${cut(said.at(-1)!.text)}`;
  const next = [previous, `${said.length} more message${said.length === 1 ? "" : "s"} (${who})${ends}.`].filter(Boolean).join(" ");
  return next.length > MAX_SUMMARY_CHARS ? `…${next.slice(next.length - MAX_SUMMARY_CHARS + 1)}` : next;
}
