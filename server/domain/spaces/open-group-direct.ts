// A group direct message: a direct space of three to MAX_GROUP_DM_MEMBERS people and agents,
// the actor included. It is a direct space like the two-person kind (kind `direct`), so what
// holds for direct messages holds for it: no name of its own (shown as its members' names),
// members fixed at creation (adding someone means a new conversation), agents in it answer
// every message by default, no channel lines. The sorted set of members is its key: the same
// people open the same conversation again, as a pair does (open-direct-space.ts).
import type { SpaceDto } from "@/lib/realtime/dto";
import { MAX_GROUP_DM_MEMBERS } from "@/lib/limits";
import { rooms } from "@/lib/realtime/events";
import { isUniqueViolation } from "../../db/unique-violation";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { getSpace } from "./get-space";
import { openDirectSpace } from "./open-direct-space";

export async function openGroupDirect({ db, events }: Deps, actor: Actor, input: { entityIds: string[] }): Promise<SpaceDto> {
  const others = [...new Set(input.entityIds)].filter((id) => id !== actor.entityId);
  if (others.length === 0) throw new AppError("bad_request", "A direct message needs someone else");
  if (others.length === 1) return openDirectSpace({ db, events }, actor, { entityId: others[0]! });
  if (others.length + 1 > MAX_GROUP_DM_MEMBERS) {
    throw new AppError("bad_request", `A group direct message has at most ${MAX_GROUP_DM_MEMBERS} members, you included`);
  }
  const found = await db.entity.count({ where: { id: { in: others } } });
  if (found !== others.length) throw new AppError("not_found", "No such person or agent");
  const everyone = [actor.entityId, ...others];
  const directKey = [...everyone].sort().join(":");
  const existing = await db.space.findUnique({ where: { directKey }, select: { id: true } });
  let spaceId = existing?.id;
  if (spaceId) {
    // Re-open after someone left: the same set is the same conversation, so everyone is back.
    await db.membership.createMany({ data: everyone.map((entityId) => ({ spaceId: spaceId!, entityId, replyMode: "every" as const })), skipDuplicates: true });
  } else {
    try {
      spaceId = (
        await db.space.create({
          data: {
            name: `dm-${directKey}`,
            kind: "direct",
            directKey,
            createdById: actor.entityId,
            // Every message in a direct space is for its members, agents included (open-direct-space.ts).
            memberships: { create: everyone.map((entityId) => ({ entityId, replyMode: "every" as const })) },
          },
          select: { id: true },
        })
      ).id;
    } catch (e) {
      // Two members opened it at the same moment: the unique directKey picked one.
      if (isUniqueViolation(e)) return openGroupDirect({ db, events }, actor, input);
      throw e;
    }
  }
  for (const id of everyone) {
    events.joinSpace(id, spaceId);
    events.publish(rooms.entity(id), "space:updated", { spaceId });
  }
  return getSpace({ db }, actor, { spaceId });
}
