// Where a send_message posts within the active space: the thread it names, the channel when
// it says "channel", and otherwise the thread its run was woken in while that thread's space
// is active (an agent answers in the thread it was asked in). The named root must be in the
// active space, which the caller has checked is within the run's reach; a root elsewhere is
// refused without saying where it is.
import { AppError } from "../../domain/errors";
import type { RunScope } from "./run-scope";

export const CHANNEL = "channel";

export async function threadTarget(scope: RunScope, spaceId: string, threadId: string | undefined): Promise<string | undefined> {
  if (threadId === CHANNEL) return undefined;
  if (!threadId) return spaceId === scope.run.triggerSpaceId ? (scope.run.triggerThreadRootId ?? undefined) : undefined;
  const id = threadId.replace(/^msg:/, "");
  const m = await scope.ctx.db.message.findUnique({ where: { id }, select: { spaceId: true, threadRootId: true, kind: true } });
  if (!m || m.spaceId !== spaceId) throw new AppError("bad_request", "threadId is not a message of the active space.");
  // A reply's id names its thread: threads are one level deep.
  if (m.threadRootId) return m.threadRootId;
  if (m.kind === "system") throw new AppError("bad_request", "A system line cannot start a thread.");
  return id;
}
