// A member sets how much of a space notifies them (lib/mentions/notify-levels.ts). Only their
// own membership, so members only; the change goes to their own sockets so other tabs follow.
import type { NotifyLevelDto } from "@/lib/realtime/dto";
import type { NotifyLevel } from "@/lib/mentions/notify-levels";
import { rooms } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { requireMembership } from "../spaces/require-membership";

export async function setNotifyLevel({ db, events }: Deps, actor: Actor, input: { spaceId: string; level: NotifyLevel }): Promise<NotifyLevelDto> {
  const membership = await requireMembership(db, input.spaceId, actor.entityId);
  await db.membership.update({ where: { id: membership.id }, data: { notifyLevel: input.level } });
  const dto = { spaceId: input.spaceId, notifyLevel: input.level };
  events.publish(rooms.entity(actor.entityId), "space:notify", dto);
  return dto;
}
