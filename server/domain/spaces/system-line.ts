// A line the server writes in a channel in someone's name: who came and went
// (membership-line.ts), "Ada set the topic: …", "Ada archived the channel" (channel-lines.ts).
// A message of kind `system`, stored without the sender's membership check (an admin may act on
// a channel they are not in; someone who left is no longer in it) and never put on the domain
// bus, so it wakes no agent and answers no wait; agents still see it in the channel's history
// as a line, not a request.
import { randomUUID } from "node:crypto";
import { rooms } from "@/lib/realtime/events";
import type { Deps } from "../deps";
import { type MessageRow, toMessageDto } from "../dto";
import { insertInSeqOrder } from "../messages/ordered-publish";

/** Stores and broadcasts the line; its seq, or null when the space is not a live channel (nothing stored). */
export async function postSystemLine(
  { db, events }: Pick<Deps, "db" | "events">,
  by: MessageRow["sender"],
  spaceId: string,
  text: string,
): Promise<{ id: string; seq: number } | null> {
  const id = randomUUID();
  const createdAt = new Date();
  let lineSeq: number | null = null;
  // One statement, as parley_insert_message is: the space's next seq and the row together, with
  // no transaction held across round trips (the embedded database has one connection).
  await insertInSeqOrder(
    spaceId,
    async () => {
      const [row] = await db.$queryRaw<{ seq: number }[]>`
        WITH s AS (
          UPDATE "Space" SET "lastSeq" = "lastSeq" + 1, "updatedAt" = now()
          WHERE id = ${spaceId} AND kind = 'channel' AND "archivedAt" IS NULL RETURNING "lastSeq"
        )
        INSERT INTO "Message" (id, "spaceId", seq, "senderId", text, kind, "createdAt")
        SELECT ${id}, ${spaceId}, s."lastSeq", ${by.id}, ${text}, 'system'::"MessageKind", ${createdAt.toISOString()}::timestamp FROM s
        RETURNING seq`;
      if (!row) return null;
      lineSeq = row.seq;
      const message: MessageRow = {
        id,
        seq: row.seq,
        spaceId,
        text,
        kind: "system",
        replyToMessageId: null,
        clientMessageId: null,
        runId: null,
        origin: null,
        chainDepth: 0,
        chainStopLimit: null,
        createdAt,
        sender: by,
        replyTo: null,
      };
      return message;
    },
    (row) => events.publish(rooms.space(spaceId), "message:new", { message: toMessageDto(row) }),
  );
  return lineSeq === null ? null : { id, seq: lineSeq };
}
