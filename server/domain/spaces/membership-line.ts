// A channel's own record of who came and went: "Ada added Planner", "Ada removed Planner",
// "Ben left". Members see every change to who can read the channel in the channel itself, so an
// agent put in (by a member, or an admin) cannot quietly read along. The line is a message of
// kind `system` in the actor's name. It is stored without the sender's membership check (an
// admin may take an agent out of a channel they are not in; someone who left is no longer in it)
// and never reaches the domain bus, so it wakes no agent and answers no wait; agents still see
// it in the channel's history as a line, not a request.
import { rooms } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { messageInclude, toMessageDto } from "../dto";
import { insertInSeqOrder } from "../messages/ordered-publish";

export type MembershipChange = { kind: "added"; entityIds: string[] } | { kind: "removed"; entityId: string } | { kind: "left" };

/** Posts the line in the channel; direct spaces keep their two members and get none. */
export async function postMembershipLine({ db, events }: Pick<Deps, "db" | "events">, actor: Actor, spaceId: string, change: MembershipChange): Promise<void> {
  const ids = change.kind === "added" ? change.entityIds : change.kind === "removed" ? [change.entityId] : [];
  if (change.kind === "added" && ids.length === 0) return;
  const entities = await db.entity.findMany({ where: { id: { in: [actor.entityId, ...ids] } }, select: { id: true, name: true } });
  const name = new Map(entities.map((e) => [e.id, e.name]));
  const by = name.get(actor.entityId);
  if (!by) return;
  const who = ids.map((id) => name.get(id) ?? "someone");
  const text = change.kind === "added" ? `${by} added ${listOf(who)}` : change.kind === "removed" ? `${by} removed ${who[0]}` : `${by} left`;
  await insertInSeqOrder(
    spaceId,
    () =>
      db.$transaction(async (tx) => {
        const [space] = await tx.$queryRaw<{ lastSeq: number }[]>`
          UPDATE "Space" SET "lastSeq" = "lastSeq" + 1, "updatedAt" = now()
          WHERE id = ${spaceId} AND kind = 'channel' AND "archivedAt" IS NULL RETURNING "lastSeq"`;
        if (!space) return null;
        return tx.message.create({ data: { spaceId, seq: space.lastSeq, senderId: actor.entityId, text, kind: "system" }, include: messageInclude });
      }),
    (row) => events.publish(rooms.space(spaceId), "message:new", { message: toMessageDto(row) }),
  );
}

function listOf(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
