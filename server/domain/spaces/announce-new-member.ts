// A new account joined spaces (#general at sign-up): each space's members get the one new
// member to merge into their list, instead of a space:updated that makes every connected
// client refetch the whole space.
import { rooms } from "@/lib/realtime/events";
import type { Deps } from "../deps";
import { memberEntitySelect } from "../dto";
import { toMemberDto } from "./space-dto";

export async function announceNewMember({ db, events }: Pick<Deps, "db" | "events">, entityId: string): Promise<void> {
  const joined = await db.membership.findMany({ where: { entityId }, include: { entity: { select: memberEntitySelect } } });
  for (const m of joined) events.publish(rooms.space(m.spaceId), "space:members", { spaceId: m.spaceId, added: [toMemberDto(m)] });
}
