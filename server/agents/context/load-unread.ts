// The unread messages older than SPACE HISTORY's window: too many to show, so they are counted
// and digested (who spoke, over what time, key lines by the same fixed rules as EARLIER IN THIS
// SPACE). The model is shown the digest, so the run may move the agent's cursor across them:
// a backlog of any size is handled within one run instead of staying [NEW] forever. Bounded:
// one count per sender, and the key lines from the newest UNREAD_DIGEST_SCAN of them.
import { UNREAD_DIGEST_SCAN } from "@/lib/limits";
import type { Db } from "../../db/client";
import type { HistoryMessage, UnreadDigest } from "./context-input";
import { mergeDigest } from "./earlier-digest";

/** The digest of messages `afterSeq` < seq <= `throughSeq` of a space (not deleted); null when there are none. */
export async function loadUnread(db: Db, spaceId: string, afterSeq: number, throughSeq: number): Promise<UnreadDigest | null> {
  const where = { spaceId, deletedAt: null, seq: { gt: afterSeq, lte: throughSeq } };
  const [bySender, rows] = await Promise.all([
    db.message.groupBy({ by: ["senderId"], where, _count: { _all: true }, _min: { createdAt: true }, _max: { createdAt: true } }),
    db.message.findMany({
      where,
      orderBy: { seq: "desc" },
      take: UNREAD_DIGEST_SCAN,
      select: { id: true, seq: true, createdAt: true, text: true, replyToMessageId: true, sender: { select: { id: true, name: true, type: true } } },
    }),
  ]);
  if (!bySender.length) return null;
  const names = await db.entity.findMany({ where: { id: { in: bySender.map((s) => s.senderId) } }, select: { id: true, name: true, type: true } });
  const byId = new Map(names.map((e) => [e.id, e]));
  const messages: HistoryMessage[] = rows.reverse().map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), origin: null }));
  const picked = mergeDigest(null, messages)!;
  const times = bySender.flatMap((s) => [s._min.createdAt, s._max.createdAt]).filter((t): t is Date => !!t);
  return {
    ...picked,
    fromSeq: afterSeq + 1,
    throughSeq,
    count: bySender.reduce((n, s) => n + s._count._all, 0),
    fromAt: new Date(Math.min(...times.map((t) => t.getTime()))).toISOString(),
    toAt: new Date(Math.max(...times.map((t) => t.getTime()))).toISOString(),
    speakers: bySender
      .map((s) => ({ ...(byId.get(s.senderId) ?? { id: s.senderId, name: "?", type: "human" }), count: s._count._all }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
  };
}
