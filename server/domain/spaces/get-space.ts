import type { SpaceDto } from "@/lib/realtime/dto";
import type { Actor, Deps } from "../deps";
import { memberEntitySelect } from "../dto";
import { requireReadableMembership } from "./require-membership";
import { toSpaceDto } from "./space-dto";

/** One space as the actor sees it; not_found unless they are a member. */
export async function getSpace({ db }: Pick<Deps, "db">, actor: Actor, input: { spaceId: string }): Promise<SpaceDto> {
  const { spaceId } = input;
  const { entityId } = actor;
  const me = await requireReadableMembership(db, spaceId, entityId);
  const [members, unreadCount] = await Promise.all([
    db.membership.findMany({
      where: { spaceId },
      include: { entity: { select: memberEntitySelect } },
      orderBy: { joinedAt: "asc" },
    }),
    db.message.count({ where: { spaceId, seq: { gt: me.lastSeenSeq }, senderId: { not: entityId } } }),
  ]);
  return toSpaceDto(me.space, members, me, unreadCount);
}
