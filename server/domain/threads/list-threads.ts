// The Threads view: threads the actor follows (wrote the root or replied), in spaces they are
// still a member of, newest reply first, each with its unread count: others' replies after
// the follower's last read reply.
import { THREADS_LIST_PAGE } from "@/lib/limits";
import type { ThreadListDto } from "@/lib/realtime/dto";
import type { Actor, Deps } from "../deps";
import { messageInclude, toMessageDto } from "../dto";

export async function listThreads({ db }: Pick<Deps, "db">, actor: Actor, input: { before?: string }): Promise<ThreadListDto> {
  const memberships = await db.membership.findMany({
    where: { entityId: actor.entityId, space: { archivedAt: null } },
    select: { spaceId: true, space: { select: { name: true } } },
  });
  const spaceNames = new Map(memberships.map((m) => [m.spaceId, m.space.name]));
  const spaceIds = [...spaceNames.keys()];
  const follows = await db.threadFollow.findMany({
    where: {
      entityId: actor.entityId,
      spaceId: { in: spaceIds },
      root: { threadLastReplyAt: input.before ? { lt: new Date(input.before) } : { not: null } },
    },
    orderBy: [{ root: { threadLastReplyAt: "desc" } }, { rootId: "desc" }],
    take: THREADS_LIST_PAGE + 1,
    include: { root: { include: messageInclude } },
  });
  const page = follows.slice(0, THREADS_LIST_PAGE);
  const unread = await unreadByThread(db, actor.entityId, spaceIds);
  const last = page.at(-1);
  return {
    threads: page.map((f) => ({
      root: toMessageDto(f.root),
      spaceId: f.spaceId,
      spaceName: spaceNames.get(f.spaceId) ?? "",
      unreadCount: unread.get(f.rootId) ?? 0,
      lastReadSeq: f.lastReadSeq,
    })),
    nextBefore: follows.length > THREADS_LIST_PAGE && last?.root.threadLastReplyAt ? last.root.threadLastReplyAt.toISOString() : null,
    unreadThreads: unread.size,
  };
}

/** Unread replies per followed thread with any, in one grouped query over the (threadRootId, seq) index. */
async function unreadByThread(db: Deps["db"], entityId: string, spaceIds: string[]): Promise<Map<string, number>> {
  if (spaceIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ rootId: string; n: number }[]>`
    SELECT tf."rootId", count(*)::int AS n
    FROM "ThreadFollow" tf
    JOIN "Message" m ON m."threadRootId" = tf."rootId" AND m.seq > tf."lastReadSeq" AND m."senderId" <> tf."entityId"
    WHERE tf."entityId" = ${entityId} AND tf."spaceId" = ANY(${spaceIds})
    GROUP BY tf."rootId"`;
  return new Map(rows.map((r) => [r.rootId, r.n]));
}
