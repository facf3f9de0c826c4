// The thread a run was triggered in, for its context and for read_messages(threadId): the
// root, the newest THREAD_CONTEXT_REPLIES replies in seq order (older ones counted), and the
// channel's newest THREAD_BACKGROUND_LINES top-level lines as background. Bounded reads on the
// (threadRootId, seq) and (spaceId, seq) indexes. Null when the root is not a thread root of a
// space the agent is in.
import { THREAD_BACKGROUND_LINES, THREAD_CONTEXT_REPLIES } from "@/lib/limits";
import type { Db } from "../../db/client";
import type { ThreadContext } from "./context-input";
import { toHistoryMessage } from "./history-message";

const select = {
  id: true,
  seq: true,
  createdAt: true,
  text: true,
  kind: true,
  replyToMessageId: true,
  threadRootId: true,
  origin: true,
  spaceId: true,
  sender: { select: { id: true, name: true, type: true } },
} as const;

export async function loadThread(
  db: Db,
  rootId: string,
  entityId: string,
  opts: { replies?: number; background?: number } = {},
): Promise<ThreadContext | null> {
  const root = await db.message.findUnique({ where: { id: rootId }, select: { ...select, space: { select: { id: true, name: true } } } });
  if (!root || root.threadRootId || root.kind === "system") return null;
  const limit = opts.replies ?? THREAD_CONTEXT_REPLIES;
  const [membership, replies, total, background] = await Promise.all([
    db.membership.findUnique({ where: { spaceId_entityId: { spaceId: root.spaceId, entityId } }, select: { lastProcessedSeq: true } }),
    db.message.findMany({ where: { threadRootId: rootId, deletedAt: null }, orderBy: { seq: "desc" }, take: limit, select }),
    db.message.count({ where: { threadRootId: rootId, deletedAt: null } }),
    db.message.findMany({
      where: { spaceId: root.spaceId, deletedAt: null, kind: "text", OR: [{ threadRootId: null }, { alsoInChannel: true }], NOT: { id: rootId } },
      orderBy: { seq: "desc" },
      take: opts.background ?? THREAD_BACKGROUND_LINES,
      select,
    }),
  ]);
  if (!membership) return null;
  return {
    space: root.space,
    root: toHistoryMessage(root),
    replies: replies.reverse().map(toHistoryMessage),
    olderReplies: Math.max(0, total - replies.length),
    lastProcessedSeq: membership.lastProcessedSeq,
    background: background.reverse().map(toHistoryMessage),
  };
}
