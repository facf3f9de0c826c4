// Renaming a channel (and optionally its topic): the space's owner/admin or a workspace admin.
// The new name must be free, as when creating (channel-name.ts).
import type { SpaceDto } from "@/lib/realtime/dto";
import { rooms } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { assertChannelNameFree, normaliseChannelName, storingChannelName } from "./channel-name";
import { getSpace } from "./get-space";
import { canManageSpace, requireMembership } from "./require-membership";

export async function renameSpace({ db, events }: Deps, actor: Actor, input: { spaceId: string; name: string; topic?: string }): Promise<SpaceDto> {
  const me = await requireMembership(db, input.spaceId, actor.entityId);
  if (me.space.kind === "direct") throw new AppError("bad_request", "Direct spaces are named after their members");
  if (!canManageSpace(me.role, actor.isAdmin)) throw new AppError("forbidden", "Only the space's owner or an admin can rename it");
  const name = normaliseChannelName(input.name);
  await assertChannelNameFree(db, name, input.spaceId);
  await storingChannelName(name, () =>
    db.space.update({ where: { id: input.spaceId }, data: { name, ...(input.topic !== undefined ? { topic: input.topic } : {}) } }),
  );
  events.publish(rooms.space(input.spaceId), "space:updated", { spaceId: input.spaceId });
  return getSpace({ db }, actor, { spaceId: input.spaceId });
}
