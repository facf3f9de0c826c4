// The caller's spaces with unread counts, in three queries whatever the number of spaces.
import type { SpaceDto } from "@/lib/realtime/dto";
import type { Actor, Deps } from "../deps";
import { memberEntitySelect } from "../dto";
import { toSpaceDto } from "./space-dto";

export async function listSpaces({ db }: Pick<Deps, "db">, actor: Actor): Promise<SpaceDto[]> {
  const { entityId } = actor;
  const mine = await db.membership.findMany({
    where: { entityId, space: { archivedAt: null } },
    include: { space: true },
  });
  if (mine.length === 0) return [];
  const [members, unread, mentioned] = await Promise.all([
    db.membership.findMany({
      where: { spaceId: { in: mine.map((m) => m.spaceId) } },
      include: { entity: { select: memberEntitySelect } },
      orderBy: { joinedAt: "asc" },
    }),
    // Messages after my cursor that others sent; served by the (spaceId, seq) index.
    db.$queryRaw<{ spaceId: string; unread: number }[]>`
      SELECT mb."spaceId" AS "spaceId",
        (SELECT count(*)::int FROM "Message" x
          WHERE x."spaceId" = mb."spaceId" AND x.seq > mb."lastSeenSeq" AND x."senderId" <> mb."entityId") AS unread
      FROM "Membership" mb WHERE mb."entityId" = ${entityId}`,
    // Mentions of me after my cursor, per space (the Mention (entity, space, seq) index).
    db.$queryRaw<{ spaceId: string; mentions: number }[]>`
      SELECT mn."spaceId" AS "spaceId", count(*)::int AS mentions
      FROM "Mention" mn JOIN "Membership" mb ON mb."spaceId" = mn."spaceId" AND mb."entityId" = mn."mentionedEntityId"
      WHERE mn."mentionedEntityId" = ${entityId} AND mn.seq > mb."lastSeenSeq"
      GROUP BY mn."spaceId"`,
  ]);
  const mentionsBySpace = new Map(mentioned.map((m) => [m.spaceId, Number(m.mentions)]));
  const unreadBySpace = new Map(unread.map((u) => [u.spaceId, Number(u.unread)]));
  const membersBySpace = new Map<string, typeof members>();
  for (const m of members) {
    const list = membersBySpace.get(m.spaceId);
    if (list) list.push(m);
    else membersBySpace.set(m.spaceId, [m]);
  }
  return mine
    .map((me) => ({
      ...toSpaceDto(me.space, membersBySpace.get(me.spaceId) ?? [], me, unreadBySpace.get(me.spaceId) ?? 0),
      mentionCount: mentionsBySpace.get(me.spaceId) ?? 0,
      notifyLevel: me.notifyLevel,
    }))
    .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "channel" ? -1 : 1));
}
