// What the database holds, compared with what each client saw.
import type { Db } from "@/server/db/client";
import type { ChatClient } from "./chat-client";

export interface StoredMessage {
  id: string;
  seq: number;
  senderId: string;
  clientMessageId: string | null;
}

export function storedMessages(db: Db, spaceId: string): Promise<StoredMessage[]> {
  return db.message.findMany({ where: { spaceId }, orderBy: { seq: "asc" }, select: { id: true, seq: true, senderId: true, clientMessageId: true } });
}

export interface Comparison {
  /** Stored messages missing from the client's timeline. */
  missing: number;
  /** Timeline entries the database does not have, or has under another seq. */
  wrong: number;
  /** Stored messages delivered live more than once, and not at all. */
  liveTwice: number;
  liveNever: number;
}

/** The client's timeline against the stored messages (from seq `from` on). */
export function compare(client: ChatClient, stored: StoredMessage[], from = 1): Comparison {
  const bySeq = new Map(stored.map((m) => [m.seq, m.id]));
  let missing = 0;
  let liveTwice = 0;
  let liveNever = 0;
  for (const m of stored) {
    if (m.seq < from) continue;
    if (client.timeline.get(m.seq)?.id !== m.id) missing++;
    const n = client.live.get(m.id) ?? 0;
    if (n > 1) liveTwice++;
    if (n === 0) liveNever++;
  }
  let wrong = client.conflicts.length;
  for (const [seq, m] of client.timeline) if (seq >= from && bySeq.get(seq) !== m.id) wrong++;
  return { missing, wrong, liveTwice, liveNever };
}

/** Sums of `compare` over clients, and how many clients had any missing or wrong entry. */
export function compareAll(clients: ChatClient[], stored: StoredMessage[], from = 1) {
  const total = { missing: 0, wrong: 0, liveTwice: 0, liveNever: 0, clientsOff: 0 };
  for (const c of clients) {
    const r = compare(c, stored, from);
    total.missing += r.missing;
    total.wrong += r.wrong;
    total.liveTwice += r.liveTwice;
    total.liveNever += r.liveNever;
    if (r.missing || r.wrong) total.clientsOff++;
  }
  return total;
}

/** Clients' sent keys against the stored rows: each exactly once, and nothing else stored. */
export function storedOnce(stored: StoredMessage[], sentKeys: Iterable<string>) {
  const counts = new Map<string, number>();
  for (const m of stored) if (m.clientMessageId) counts.set(m.clientMessageId, (counts.get(m.clientMessageId) ?? 0) + 1);
  let missing = 0;
  let doubled = 0;
  const keys = new Set(sentKeys);
  for (const k of keys) {
    const n = counts.get(k) ?? 0;
    if (n === 0) missing++;
    if (n > 1) doubled++;
  }
  const unknown = [...counts.keys()].filter((k) => !keys.has(k)).length;
  return { missing, doubled, unknown, sent: keys.size };
}

/** Waits until `done()` (which may ask the database) or `timeoutMs`; true when done. */
export async function until(done: () => boolean | Promise<boolean>, timeoutMs: number, stepMs = 100): Promise<boolean> {
  const end = performance.now() + timeoutMs;
  while (!(await done())) {
    if (performance.now() > end) return false;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return true;
}
