// Adding, removing and leaving. Any member may add people to a channel (as in Slack);
// removing someone else needs the space's owner/admin role or a workspace admin.
import type { SpaceDto } from "@/lib/realtime/dto";
import { rooms } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { getSpace } from "./get-space";
import { canManageSpace, requireMembership } from "./require-membership";
import { normaliseChannelName } from "./create-channel";
import { announceAdded } from "./announce-added";

export async function addMembers({ db, events }: Deps, actor: Actor, spaceId: string, entityIds: string[]): Promise<SpaceDto> {
  const me = await requireMembership(db, spaceId, actor.entityId);
  if (me.space.kind === "direct") throw new AppError("bad_request", "A direct space has exactly two members");
  const ids = [...new Set(entityIds)];
  const [found, already] = await Promise.all([
    db.entity.count({ where: { id: { in: ids } } }),
    db.membership.findMany({ where: { spaceId, entityId: { in: ids } }, select: { entityId: true } }),
  ]);
  if (found !== ids.length) throw new AppError("bad_request", "Some members do not exist");
  await db.membership.createMany({ data: ids.map((entityId) => ({ spaceId, entityId })), skipDuplicates: true });
  for (const id of ids) {
    events.joinSpace(id, spaceId);
    events.publish(rooms.entity(id), "space:updated", { spaceId });
  }
  events.publish(rooms.space(spaceId), "space:updated", { spaceId });
  const members = new Set(already.map((m) => m.entityId));
  await announceAdded({ db, events }, actor, me.space, ids.filter((id) => !members.has(id)));
  return getSpace(db, spaceId, actor.entityId);
}

export async function removeMember({ db, events }: Deps, actor: Actor, spaceId: string, entityId: string): Promise<void> {
  const me = await requireMembership(db, spaceId, actor.entityId);
  if (entityId !== actor.entityId) {
    if (me.space.kind === "direct") throw new AppError("bad_request", "Leave the direct space instead");
    if (!canManageSpace(me.role, actor.isAdmin)) {
      throw new AppError("forbidden", "Only the space's owner or an admin can remove members");
    }
  }
  const { count } = await db.membership.deleteMany({ where: { spaceId, entityId } });
  if (count === 0) throw new AppError("not_found", "Not a member of this space");
  events.leaveSpace(entityId, spaceId);
  events.publish(rooms.entity(entityId), "space:removed", { spaceId });
  events.publish(rooms.space(spaceId), "space:updated", { spaceId });
}

export async function leaveSpace(deps: Deps, actor: Actor, spaceId: string): Promise<void> {
  return removeMember(deps, actor, spaceId, actor.entityId);
}

export async function renameSpace(
  { db, events }: Deps,
  actor: Actor,
  input: { spaceId: string; name: string; topic?: string },
): Promise<SpaceDto> {
  const me = await requireMembership(db, input.spaceId, actor.entityId);
  if (me.space.kind === "direct") throw new AppError("bad_request", "Direct spaces are named after their members");
  if (!canManageSpace(me.role, actor.isAdmin)) throw new AppError("forbidden", "Only the space's owner or an admin can rename it");
  await db.space.update({
    where: { id: input.spaceId },
    data: { name: normaliseChannelName(input.name), ...(input.topic !== undefined ? { topic: input.topic } : {}) },
  });
  events.publish(rooms.space(input.spaceId), "space:updated", { spaceId: input.spaceId });
  return getSpace(db, input.spaceId, actor.entityId);
}
