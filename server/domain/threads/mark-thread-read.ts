// The follower has read a thread up to a reply: the cursor only moves forward (a conditional
// update, like a space's read cursor). Someone who does not follow the thread has nothing to move.
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { requireMembership } from "../spaces/require-membership";

export async function markThreadRead({ db }: Pick<Deps, "db">, actor: Actor, input: { rootId: string; seq: number }) {
  const root = await db.message.findUnique({ where: { id: input.rootId }, select: { spaceId: true } });
  if (!root) throw new AppError("not_found", "Thread not found");
  try {
    await requireMembership(db, root.spaceId, actor.entityId);
  } catch {
    throw new AppError("not_found", "Thread not found");
  }
  await db.threadFollow.updateMany({
    where: { entityId: actor.entityId, rootId: input.rootId, lastReadSeq: { lt: input.seq } },
    data: { lastReadSeq: input.seq },
  });
  const follow = await db.threadFollow.findUnique({
    where: { entityId_rootId: { entityId: actor.entityId, rootId: input.rootId } },
    select: { lastReadSeq: true },
  });
  return { rootId: input.rootId, lastReadSeq: follow?.lastReadSeq ?? 0 };
}
