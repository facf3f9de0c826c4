import type { SpaceDto } from "@/lib/realtime/dto";
import { rooms } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { getSpace } from "./get-space";

/** The direct space between the actor and another entity, created on first use. */
export async function openDirectSpace({ db, events }: Deps, actor: Actor, input: { entityId: string }): Promise<SpaceDto> {
  const otherId = input.entityId;
  if (otherId === actor.entityId) throw new AppError("bad_request", "A direct space needs someone else");
  const other = await db.entity.findUnique({ where: { id: otherId } });
  if (!other) throw new AppError("not_found", "No such person or agent");
  const directKey = [actor.entityId, otherId].sort().join(":");
  const existing = await db.space.findUnique({ where: { directKey } });
  if (existing) {
    // Re-open after one side left: put both back.
    for (const entityId of [actor.entityId, otherId]) {
      await db.membership.upsert({
        where: { spaceId_entityId: { spaceId: existing.id, entityId } },
        create: { spaceId: existing.id, entityId },
        update: {},
      });
    }
    announce(events, existing.id, [actor.entityId, otherId]);
    return getSpace({ db }, actor, { spaceId: existing.id });
  }
  try {
    const space = await db.space.create({
      data: {
        name: `dm-${directKey}`,
        kind: "direct",
        directKey,
        createdById: actor.entityId,
        // Every message in a direct space is for the other member (lib/agents/reply-modes.ts defaultReplyMode).
        memberships: {
          create: [
            { entityId: actor.entityId, replyMode: "every" },
            { entityId: otherId, replyMode: "every" },
          ],
        },
      },
    });
    announce(events, space.id, [actor.entityId, otherId]);
    return getSpace({ db }, actor, { spaceId: space.id });
  } catch (e) {
    // Both sides opened it at the same moment: the unique directKey picked one.
    if ((e as { code?: string }).code === "P2002") return openDirectSpace({ db, events }, actor, input);
    throw e;
  }
}

function announce(events: Deps["events"], spaceId: string, entityIds: string[]) {
  for (const id of entityIds) {
    events.joinSpace(id, spaceId);
    events.publish(rooms.entity(id), "space:updated", { spaceId });
  }
}
