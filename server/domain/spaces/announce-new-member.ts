// A new account joined spaces (#general at sign-up): each space's members get the one new
// member to merge into their list, instead of a space:updated that makes every connected
// client refetch the whole space.
import { rooms } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { memberEntitySelect } from "../dto";
import { toMemberDto } from "./space-dto";

// The actor is the new member: this runs as part of their sign-up (sign-up.ts).
export async function announceNewMember({ db, events }: Pick<Deps, "db" | "events">, actor: Actor): Promise<void> {
  const { entityId } = actor;
  const joined = await db.membership.findMany({ where: { entityId }, include: { entity: { select: memberEntitySelect } } });
  for (const m of joined) events.publish(rooms.space(m.spaceId), "space:members", { spaceId: m.spaceId, added: [toMemberDto(m)] });
}
