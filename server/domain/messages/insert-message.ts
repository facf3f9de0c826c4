// The hot path of sending: the membership check, the next per-space seq, the message row and
// the sender's read cursor, in ONE statement. A transaction would hold the space's row lock (and a pooled
// connection) across several round trips, so senders in a busy channel would queue behind
// each other's network waits and starve the pool; a single statement holds the lock only
// while it runs, and rolls back as a whole (no seq gap) when the idempotency key collides.
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
export async function insertMessage(db: Db, m: NewMessage): Promise<MessageRow | null> {
  const id = randomUUID();
  const origin = m.origin === undefined ? null : JSON.stringify(m.origin);
  // UTC from here, as Prisma writes timestamps (the column has no time zone; the server's may not be UTC).
  const createdAt = new Date();
  const rows = await db.$queryRaw<Inserted[]>`
    WITH mb AS (
      SELECT mb.id FROM "Membership" mb JOIN "Space" sp ON sp.id = mb."spaceId"
      WHERE mb."spaceId" = ${m.spaceId} AND mb."entityId" = ${m.senderId} AND sp."archivedAt" IS NULL
    ), s AS (
      UPDATE "Space" SET "lastSeq" = "lastSeq" + 1, "updatedAt" = now()
      -- archivedAt again here: checked after the row lock, so a send queued behind the
      -- archiving transaction sees it (mb read the space as it was when the statement began).
      WHERE id = ${m.spaceId} AND "archivedAt" IS NULL AND EXISTS (SELECT 1 FROM mb)
        AND (${m.replyToMessageId ?? null}::text IS NULL
             OR EXISTS (SELECT 1 FROM "Message" p WHERE p.id = ${m.replyToMessageId ?? null} AND p."spaceId" = ${m.spaceId}))
      RETURNING "lastSeq"
    ), msg AS (
      INSERT INTO "Message" (id, "spaceId", seq, "senderId", text, "replyToMessageId", "clientMessageId", "runId", "chainDepth", origin, "createdAt")
      SELECT ${id}, ${m.spaceId}, s."lastSeq", ${m.senderId}, ${m.text}, ${m.replyToMessageId ?? null}, ${m.clientMessageId ?? null},
             ${m.runId ?? null}, ${m.chainDepth ?? 0}, ${origin}::jsonb, ${createdAt.toISOString()}::timestamp
      FROM s
      RETURNING id, seq, "replyToMessageId"
    ), cursor AS (
      UPDATE "Membership" SET "lastSeenSeq" = msg.seq, "lastSeenMessageId" = msg.id
      FROM msg, mb WHERE "Membership".id = mb.id AND "Membership"."lastSeenSeq" < msg.seq
    )
    SELECT msg.id, msg.seq, e.name AS "senderName", e.type::text AS "senderType", e."avatarColor" AS "senderAvatarColor",
           r.id AS "replyId", r.seq AS "replySeq", r.text AS "replyText", re.name AS "replySenderName"
    FROM msg
    JOIN "Entity" e ON e.id = ${m.senderId}
    LEFT JOIN "Message" r ON r.id = msg."replyToMessageId"
    LEFT JOIN "Entity" re ON re.id = r."senderId"`;
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
    sender: { id: m.senderId, name: row.senderName, type: row.senderType, avatarColor: row.senderAvatarColor },
    replyTo:
      row.replyId && row.replySeq !== null
        ? { id: row.replyId, seq: row.replySeq, text: row.replyText ?? "", sender: { name: row.replySenderName ?? "" } }
        : null,
  };
}
