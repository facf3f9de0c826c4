// What an agent was told about a space's messages that no longer fit its SPACE HISTORY: who
// spoke, over what time, and a few key lines picked by fixed rules (extractive, so the same
// messages always give the same digest), plus a model-written summary when the agent's model
// writes one (context/earlier-summary.ts). It is cached per agent and space and only ever
// extended with messages newer than the ones it covers, so its size stays bounded.
import { EARLIER_KEY_LINES } from "@/lib/limits";
import type { HistoryMessage } from "./context-input";
import { clipText } from "./clip";

export interface EarlierDigest {
  /** The newest message seq folded in; older messages are never added again. */
  throughSeq: number;
  count: number;
  fromAt: string;
  toAt: string;
  speakers: { id: string; name: string; type: string; count: number }[];
  keyLines: { id: string; seq: number; at: string; sender: string; text: string; score: number }[];
  /** Model-written summary of the messages up to summaryThroughSeq. */
  summary: string | null;
  summaryThroughSeq: number;
}

/** Speakers kept in a digest; the rest are counted, not named. */
const MAX_SPEAKERS = 20;
/** Longest key line text, in characters. */
const KEY_LINE_CHARS = 160;

const DECISIVE = /\b(decid|agree|must|deadline|due|todo|action|blocker|ship|deploy|releas|remember|important|urgent|owner|assign)\w*/i;

/** Why a line is worth keeping: questions, decisions and commitments, figures, people's words, substance. */
export function keyLineScore(m: HistoryMessage): number {
  let score = 0;
  if (m.text.includes("?")) score += 3;
  if (DECISIVE.test(m.text)) score += 3;
  if (/\d/.test(m.text)) score += 2;
  if (m.sender.type === "human") score += 1;
  return score + Math.min(2, Math.floor(m.text.length / 200));
}

/** `digest` extended with the messages newer than it covers (all of them when there is none). */
export function mergeDigest(digest: EarlierDigest | null | undefined, messages: readonly HistoryMessage[]): EarlierDigest | null {
  const fresh = messages.filter((m) => !digest || m.seq > digest.throughSeq).sort((a, b) => a.seq - b.seq);
  if (fresh.length === 0) return digest ?? null;
  const speakers = new Map((digest?.speakers ?? []).map((s) => [s.id, { ...s }]));
  for (const m of fresh) {
    const s = speakers.get(m.sender.id);
    if (s) s.count++;
    else speakers.set(m.sender.id, { id: m.sender.id, name: m.sender.name, type: m.sender.type, count: 1 });
  }
  const keyLines = [
    ...(digest?.keyLines ?? []),
    ...fresh.map((m) => ({ id: m.id, seq: m.seq, at: m.createdAt, sender: m.sender.name, text: clipText(m.text, KEY_LINE_CHARS), score: keyLineScore(m) })),
  ]
    // Best first, the newer of two equals; then back in the order they were said.
    .sort((a, b) => b.score - a.score || b.seq - a.seq)
    .slice(0, EARLIER_KEY_LINES)
    .sort((a, b) => a.seq - b.seq);
  return {
    throughSeq: fresh.at(-1)!.seq,
    count: (digest?.count ?? 0) + fresh.length,
    fromAt: digest?.fromAt ?? fresh[0]!.createdAt,
    toAt: fresh.at(-1)!.createdAt,
    speakers: [...speakers.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).slice(0, MAX_SPEAKERS),
    keyLines,
    summary: digest?.summary ?? null,
    summaryThroughSeq: digest?.summaryThroughSeq ?? 0,
  };
}
