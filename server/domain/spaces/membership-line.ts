// A channel's own record of who came and went: "Ada added Planner", "Ada removed Planner",
// "Ben left". Members see every change to who can read the channel in the channel itself, so an
// agent put in (by a member, or an admin) cannot quietly read along. The line is a message of
// kind `system` in the actor's name. It is stored without the sender's membership check (an
// admin may take an agent out of a channel they are not in; someone who left is no longer in it)
// and never reaches the domain bus, so it wakes no agent and answers no wait; agents still see
// it in the channel's history as a line, not a request.
import { rooms } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { randomUUID } from "node:crypto";
import { entitySelect, type MessageRow, toMessageDto } from "../dto";
import { insertInSeqOrder } from "../messages/ordered-publish";

export type MembershipChange = { kind: "added"; entityIds: string[] } | { kind: "removed"; entityId: string } | { kind: "left" };

/** Posts the line in the channel; direct spaces keep their two members and get none. */
export async function postMembershipLine({ db, events }: Pick<Deps, "db" | "events">, actor: Actor, spaceId: string, change: MembershipChange): Promise<void> {
  const ids = change.kind === "added" ? change.entityIds : change.kind === "removed" ? [change.entityId] : [];
  if (change.kind === "added" && ids.length === 0) return;
  const entities = await db.entity.findMany({ where: { id: { in: [actor.entityId, ...ids] } }, select: entitySelect });
  const name = new Map(entities.map((e) => [e.id, e.name]));
  const by = entities.find((e) => e.id === actor.entityId);
  if (!by) return;
  const who = ids.map((id) => name.get(id) ?? "someone");
  const text = change.kind === "added" ? `${by.name} added ${listOf(who)}` : change.kind === "removed" ? `${by.name} removed ${who[0]}` : `${by.name} left`;
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
        SELECT ${id}, ${spaceId}, s."lastSeq", ${actor.entityId}, ${text}, 'system'::"MessageKind", ${createdAt.toISOString()}::timestamp FROM s
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
  // The line announcing an agent's arrival belongs to the history it joins (its cursor was just
  // started at the message before it: start-agent-cursors.ts), not a request to it.
  if (change.kind === "added" && lineSeq !== null)
    await db.$executeRaw`
      UPDATE "Membership" m SET "lastProcessedSeq" = ${lineSeq}, "lastProcessedMessageId" = ${id}
      FROM "Entity" e
      WHERE e.id = m."entityId" AND e.type = 'agent' AND m."spaceId" = ${spaceId}
        AND m."entityId" = ANY(${ids}::text[]) AND m."lastProcessedSeq" = ${lineSeq - 1}`;
}

function listOf(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
