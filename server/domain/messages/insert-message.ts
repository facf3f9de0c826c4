// The hot path of sending: the membership check, the next per-space seq, the message row and
// the sender's read cursor, in ONE statement. A transaction would hold the space's row lock (and a pooled
// connection) across several round trips, so senders in a busy channel would queue behind
// each other's network waits and starve the pool; a single statement holds the lock only
// while it runs, and rolls back as a whole (no seq gap) when the idempotency key collides.
//
// The statement lives in the database as the function parley_insert_message (see its
// migration, which spells out each check): PL/pgSQL keeps a statement's plan per connection,
// and planning this one every time was over half of what a send cost the embedded database.
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "../../db/client";
import type { MessageRow } from "../dto";

export interface NewMessage {
  spaceId: string;
  senderId: string;
  text: string;
  replyToMessageId?: string;
  clientMessageId?: string;
  runId?: string;
  chainDepth?: number;
  origin?: Prisma.InputJsonValue;
  /** Members the message mentions: a Mention row each, in the same statement (members only, checked there). */
  mentionIds?: string[];
}

interface Inserted {
  id: string;
  seq: number;
  senderName: string;
  senderType: "human" | "agent";
  senderAvatarColor: string | null;
  replyId: string | null;
  replySeq: number | null;
  replyText: string | null;
  replySenderName: string | null;
  /** With mentionIds: the members a Mention row was written for. */
  mentionedIds?: string[] | null;
}

/**
 * Inserts the message with the space's next seq and returns it as a row for toMessageDto,
 * sender and quoted message joined in, so the broadcast needs no second query. The sender's
 * read cursor moves to it (forward only).
 *
 * Null, with nothing written, when the sender is not a member of a live (unarchived) space,
 * or when the message it replies to is not in that space: the caller tells which apart, on
 * that rare path only, so that a send costs one round trip.
 */
export async function insertMessage(db: Db, m: NewMessage): Promise<(MessageRow & { mentionedIds: string[] }) | null> {
  const id = randomUUID();
  const origin = m.origin === undefined ? null : JSON.stringify(m.origin);
  // UTC from here, as Prisma writes timestamps (the column has no time zone; the server's may not be UTC).
  const createdAt = new Date();
  const rows = m.mentionIds?.length
    ? await insertWithMentions(db, id, m, origin, createdAt, m.mentionIds)
    : await db.$queryRaw<Inserted[]>`
    SELECT * FROM parley_insert_message(${id}, ${m.spaceId}, ${m.senderId}, ${m.text}, ${m.replyToMessageId ?? null},
      ${m.clientMessageId ?? null}, ${m.runId ?? null}, ${m.chainDepth ?? 0}::int, ${origin}::jsonb, ${createdAt.toISOString()}::timestamp)`;
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    seq: row.seq,
    spaceId: m.spaceId,
    text: m.text,
    replyToMessageId: m.replyToMessageId ?? null,
    clientMessageId: m.clientMessageId ?? null,
    runId: m.runId ?? null,
    origin: m.origin ?? null,
    chainDepth: m.chainDepth ?? 0,
    chainStopLimit: null,
    createdAt,
    mentionedIds: row.mentionedIds ?? [],
    sender: { id: m.senderId, name: row.senderName, type: row.senderType, avatarColor: row.senderAvatarColor },
    replyTo:
      row.replyId && row.replySeq !== null
        ? { id: row.replyId, seq: row.replySeq, text: row.replyText ?? "", sender: { name: row.replySenderName ?? "" } }
        : null,
  };
}

/**
 * The same statement with the message's Mention rows: one per mentioned id that is still a
 * member of the space, written only if the message was (a retry's unique violation rolls the
 * whole statement back, so mentions are never doubled). The function runs once (a volatile
 * function in a CTE is not inlined).
 */
function insertWithMentions(db: Db, id: string, m: NewMessage, origin: string | null, createdAt: Date, mentionIds: string[]) {
  const at = createdAt.toISOString();
  return db.$queryRaw<Inserted[]>`
    WITH m AS (
      SELECT * FROM parley_insert_message(${id}, ${m.spaceId}, ${m.senderId}, ${m.text}, ${m.replyToMessageId ?? null},
        ${m.clientMessageId ?? null}, ${m.runId ?? null}, ${m.chainDepth ?? 0}::int, ${origin}::jsonb, ${at}::timestamp)
    ), mentioned AS (
      INSERT INTO "Mention" ("messageId", "spaceId", "seq", "mentionedEntityId", "createdAt")
      SELECT m.id, ${m.spaceId}, m.seq, mb."entityId", ${at}::timestamp
      FROM m JOIN "Membership" mb ON mb."spaceId" = ${m.spaceId} AND mb."entityId" = ANY(${mentionIds}::text[]) AND mb."entityId" <> ${m.senderId}
      RETURNING "mentionedEntityId"
    )
    SELECT m.*, (SELECT array_agg("mentionedEntityId") FROM mentioned) AS "mentionedIds" FROM m`;
}
