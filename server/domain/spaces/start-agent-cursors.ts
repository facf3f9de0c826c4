// An agent added to a space with history starts with that history behind its cursor: the
// messages from before it joined are the space's earlier context, not requests to it. Its first
// context shows them as [SEEN] (and says why), and its first run does not answer the backlog.
// "Before" is the same rule the trigger uses (triggers/on-message.ts wakes only members who
// had joined when the message was sent), so a message sent in between is not lost either way.
import type { Db } from "../../db/client";

/** Moves the new agent members' cursors to the last message sent before each joined (humans keep theirs). */
export async function startAgentCursors(db: Pick<Db, "$executeRaw">, spaceId: string, entityIds: readonly string[]): Promise<void> {
  if (!entityIds.length) return;
  await db.$executeRaw`
    UPDATE "Membership" m
    SET "lastProcessedSeq" = last.seq, "lastProcessedMessageId" = last."messageId"
    FROM (
      SELECT mm.id, x.seq, x.id AS "messageId"
      FROM "Membership" mm
      JOIN "Entity" e ON e.id = mm."entityId" AND e.type = 'agent'
      CROSS JOIN LATERAL (
        SELECT msg.seq, msg.id FROM "Message" msg
        WHERE msg."spaceId" = mm."spaceId" AND msg."createdAt" < mm."joinedAt"
        ORDER BY msg.seq DESC LIMIT 1
      ) x
      WHERE mm."spaceId" = ${spaceId} AND mm."entityId" = ANY(${[...entityIds]}::text[])
    ) last
    WHERE m.id = last.id AND m."lastProcessedSeq" < last.seq`;
}
