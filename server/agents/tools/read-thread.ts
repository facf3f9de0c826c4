// read_messages(threadId): a thread's root and newest replies, for a thread in a space of the
// agent's within the run's reach. A thread outside the reach (or that does not exist) is the
// same "not found", so the tool reveals nothing about spaces it may not read. Each line shown
// counts as seen by its own seq: a thread's replies are scattered among the space's seqs.
import { AppError } from "../../domain/errors";
import { loadThread } from "../context/load-thread";
import { messageLine } from "../context/format";
import { inReach } from "../reach/reach";
import { noteSeen, type RunScope } from "./run-scope";

export async function readThread(scope: RunScope, threadId: string, limit: number) {
  const id = threadId.replace(/^msg:/, "");
  const root = await scope.ctx.db.message.findUnique({ where: { id }, select: { spaceId: true, threadRootId: true } });
  const rootId = root?.threadRootId ?? id;
  if (!root || !inReach(scope.run.reach, root.spaceId)) throw new AppError("not_found", "Thread not found");
  const t = await loadThread(scope.ctx.db, rootId, scope.agent.entityId, { replies: limit, background: 0 });
  if (!t) throw new AppError("not_found", "Thread not found");
  const marks = { spaceId: t.space.id, viewerId: scope.agent.entityId, reach: scope.run.reach };
  for (const m of [t.root, ...t.replies]) noteSeen(scope, t.space.id, m.seq, m.seq);
  return {
    space: { id: t.space.id, name: t.space.name },
    thread: { rootId: t.root.id, replyCount: t.replies.length + t.olderReplies, olderNotShown: t.olderReplies },
    root: messageLine({ ...t.root }, { ...marks, seen: t.root.seq <= t.lastProcessedSeq }),
    replies: t.replies.map((m) => messageLine({ ...m, threadRootId: undefined }, { ...marks, seen: m.seq <= t.lastProcessedSeq })),
  };
}
