// A channel's own record of who came and went: "Ada added Planner", "Ada removed Planner",
// "Ben left". Members see every change to who can read the channel in the channel itself, so an
// agent put in (by a member, or an admin) cannot quietly read along. The line is a message of
// kind `system` in the actor's name. It is stored without the sender's membership check (an
// admin may take an agent out of a channel they are not in; someone who left is no longer in it)
// and never reaches the domain bus, so it wakes no agent and answers no wait; agents still see
// it in the channel's history as a line, not a request.
import type { Actor, Deps } from "../deps";
import { entitySelect } from "../dto";
import { postSystemLine } from "./system-line";

export type MembershipChange = { kind: "added"; entityIds: string[] } | { kind: "removed"; entityId: string } | { kind: "left" } | { kind: "joined" };

/** Posts the line in the channel; direct spaces keep their two members and get none. */
export async function postMembershipLine({ db, events }: Pick<Deps, "db" | "events">, actor: Actor, spaceId: string, change: MembershipChange): Promise<void> {
  const ids = change.kind === "added" ? change.entityIds : change.kind === "removed" ? [change.entityId] : [];
  if (change.kind === "added" && ids.length === 0) return;
  const entities = await db.entity.findMany({ where: { id: { in: [actor.entityId, ...ids] } }, select: entitySelect });
  const name = new Map(entities.map((e) => [e.id, e.name]));
  const by = entities.find((e) => e.id === actor.entityId);
  if (!by) return;
  const who = ids.map((id) => name.get(id) ?? "someone");
  const text =
    change.kind === "added"
      ? `${by.name} added ${listOf(who)}`
      : change.kind === "removed"
        ? `${by.name} removed ${who[0]}`
        : change.kind === "joined"
          ? `${by.name} joined`
          : `${by.name} left`;
  const line = await postSystemLine({ db, events }, by, spaceId, text);
  // The line announcing an agent's arrival belongs to the history it joins (its cursor was just
  // started at the message before it: start-agent-cursors.ts), not a request to it.
  if (change.kind === "added" && line !== null)
    await db.$executeRaw`
      UPDATE "Membership" m SET "lastProcessedSeq" = ${line.seq}, "lastProcessedMessageId" = ${line.id}
      FROM "Entity" e
      WHERE e.id = m."entityId" AND e.type = 'agent' AND m."spaceId" = ${spaceId}
        AND m."entityId" = ANY(${ids}::text[]) AND m."lastProcessedSeq" = ${line.seq - 1}`;
}

function listOf(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
