import type { SpaceDto, SpaceVisibility } from "@/lib/realtime/dto";
import { rooms } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { assertChannelNameFree, normaliseChannelName, storingChannelName } from "./channel-name";
import { getSpace } from "./get-space";
import { announceAdded } from "./announce-added";

/** A new channel owned by the actor, with the given humans and agents as members. Its name must be free (channel-name.ts). */
export async function createChannel(
  { db, events }: Deps,
  actor: Actor,
  input: { name: string; topic?: string; description?: string; visibility?: SpaceVisibility; memberIds?: string[] },
): Promise<SpaceDto> {
  const name = normaliseChannelName(input.name);
  const memberIds = [...new Set((input.memberIds ?? []).filter((id) => id !== actor.entityId))];
  const found = await db.entity.count({ where: { id: { in: memberIds } } });
  if (found !== memberIds.length) throw new AppError("bad_request", "Some members do not exist");
  await assertChannelNameFree(db, name);
  const space = await storingChannelName(name, () =>
    db.space.create({
      data: {
        name,
        kind: "channel",
        topic: input.topic ?? "",
        description: input.description ?? "",
        // Private unless asked: a channel is found by others only when its creator says so.
        visibility: input.visibility ?? "private",
        createdById: actor.entityId,
        memberships: {
          create: [{ entityId: actor.entityId, role: "owner" }, ...memberIds.map((entityId) => ({ entityId, role: "member" as const }))],
        },
      },
    }),
  );
  for (const id of [actor.entityId, ...memberIds]) {
    events.joinSpace(id, space.id);
    events.publish(rooms.entity(id), "space:updated", { spaceId: space.id });
  }
  await announceAdded({ db, events }, actor, { space, addedIds: memberIds });
  return getSpace({ db }, actor, { spaceId: space.id });
}
