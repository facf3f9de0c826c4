import type { SpaceDto } from "@/lib/realtime/dto";
import type { Db } from "../../db/client";
import { memberEntitySelect } from "../dto";
import { requireMembership } from "./require-membership";
import { toSpaceDto } from "./space-dto";

/** One space as `entityId` sees it; not_found unless they are a member. */
export async function getSpace(db: Db, spaceId: string, entityId: string): Promise<SpaceDto> {
  const me = await requireMembership(db, spaceId, entityId);
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
