// A reply in a thread, stored in ONE statement like any message (insert-message.ts says why):
// the database function parley_insert_thread_reply (its migration spells out each check)
// stores the reply with the space's next seq, and in the same statement checks its root and
// updates the root's summary and the thread's followers, so concurrent replies all count.
import { randomUUID } from "node:crypto";
import type { ThreadSummaryDto } from "@/lib/realtime/dto";
import type { Db } from "../../db/client";
import type { MessageRow } from "../dto";
import type { NewMessage } from "../messages/insert-message";

export interface NewThreadReply extends Omit<NewMessage, "replyToMessageId"> {
  threadRootId: string;
  alsoInChannel: boolean;
}

interface Inserted {
  id: string;
  seq: number;
  senderName: string;
  senderType: "human" | "agent";
  senderAvatarColor: string | null;
  replyCount: number;
  /** ISO, UTC. */
  lastReplyAt: string | null;
  participantIds: string[] | null;
}

export interface InsertedThreadReply extends MessageRow {
  /** The root's summary as this reply left it. */
  rootSummary: ThreadSummaryDto;
}

/** Null, with nothing written, when the sender is not a member of a live space or the root is not a thread root of it. */
export async function insertThreadReply(db: Db, m: NewThreadReply): Promise<InsertedThreadReply | null> {
  const id = randomUUID();
  const origin = m.origin === undefined ? null : JSON.stringify(m.origin);
  const createdAt = new Date();
  const rows = await db.$queryRaw<Inserted[]>`
    SELECT * FROM parley_insert_thread_reply(${id}, ${m.spaceId}, ${m.senderId}, ${m.text}, ${m.threadRootId}, ${m.alsoInChannel},
      ${m.clientMessageId ?? null}, ${m.runId ?? null}, ${m.chainDepth ?? 0}::int, ${origin}::jsonb, ${createdAt.toISOString()}::timestamp)`;
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    seq: row.seq,
    spaceId: m.spaceId,
    text: m.text,
    replyToMessageId: null,
    clientMessageId: m.clientMessageId ?? null,
    runId: m.runId ?? null,
    origin: m.origin ?? null,
    chainDepth: m.chainDepth ?? 0,
    chainStopLimit: null,
    createdAt,
    sender: { id: m.senderId, name: row.senderName, type: row.senderType, avatarColor: row.senderAvatarColor },
    replyTo: null,
    threadRootId: m.threadRootId,
    alsoInChannel: m.alsoInChannel,
    rootSummary: {
      replyCount: row.replyCount,
      lastReplyAt: row.lastReplyAt,
      participantIds: row.participantIds ?? [],
    },
  };
}
