// Pure helpers for the client's message timelines: the server's seq decides order,
// and merging is idempotent, so live events, history pages, reconnect replays and acks
// can arrive in any order and overlap without showing a message twice.
import type { MessageDto, SpaceDto } from "../realtime/dto";

/** Merge `incoming` into a seq-sorted list; duplicates (same id) are dropped. */
export function mergeMessages(existing: MessageDto[], incoming: MessageDto[]): MessageDto[] {
  if (incoming.length === 0) return existing;
  const last = existing.at(-1);
  // Fast path for the common case: one or more new messages at the end, in order.
  if (!last || incoming.every((m, i) => m.seq > (i === 0 ? last.seq : incoming[i - 1]!.seq))) {
    return last ? [...existing, ...incoming] : [...incoming].sort((a, b) => a.seq - b.seq);
  }
  const bySeq = new Map<number, MessageDto>();
  for (const m of existing) bySeq.set(m.seq, m);
  for (const m of incoming) if (!bySeq.has(m.seq)) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** The seq before which the "New messages" divider goes, or null when nothing is unread. */
export function firstUnreadSeq(messages: MessageDto[], lastSeenSeq: number, meId: string): number | null {
  const first = messages.find((m) => m.seq > lastSeenSeq && m.sender.id !== meId);
  return first ? first.seq : null;
}

/**
 * Read markers: for every other member, the newest loaded message at or before their
 * cursor. Returns message id → members who have seen up to there.
 */
export function readMarkers(messages: MessageDto[], members: SpaceDto["members"], meId: string): Map<string, SpaceDto["members"]> {
  const out = new Map<string, SpaceDto["members"]>();
  if (messages.length === 0) return out;
  for (const member of members) {
    if (member.id === meId || member.lastSeenSeq <= 0) continue;
    let lo = 0;
    let hi = messages.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (messages[mid]!.seq <= member.lastSeenSeq) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    // Nobody needs telling that an author has seen their own message.
    if (found < 0 || messages[found]!.sender.id === member.id) continue;
    const id = messages[found]!.id;
    out.set(id, [...(out.get(id) ?? []), member]);
  }
  return out;
}

/** Others' messages after my cursor among the loaded ones. */
export function countUnread(messages: MessageDto[], lastSeenSeq: number, meId: string): number {
  return messages.reduce((n, m) => (m.seq > lastSeenSeq && m.sender.id !== meId ? n + 1 : n), 0);
}

/**
 * The newest seq up to which a loaded timeline has no holes. Seqs are gap-free per space,
 * so a live message that arrived during a reconnect (newer than what was missed) must not
 * move the catch-up point past the missed ones: catch-up starts after this seq.
 */
export function contiguousEnd(messages: { seq: number }[]): number {
  if (messages.length === 0) return 0;
  let end = messages[0]!.seq;
  for (let i = 1; i < messages.length; i++) {
    if (messages[i]!.seq !== end + 1) break;
    end = messages[i]!.seq;
  }
  return end;
}
