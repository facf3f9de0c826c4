// A thread for its side panel: the root and a page of its replies, oldest first, by keyset on
// the space's seq (replies keep the per-space seq, so their order is the channel's order).
// Members of the root's space only; anyone else is told the thread does not exist.
import { DEFAULT_THREAD_PAGE, MAX_THREAD_PAGE } from "@/lib/limits";
import type { ThreadPageDto } from "@/lib/realtime/dto";
import type { Actor, Deps } from "../deps";
import { messageInclude, toMessageDto } from "../dto";
import { AppError } from "../errors";
import { clampLimit } from "../messages/message-page";
import { requireReadableMembership } from "../spaces/require-membership";

export interface GetThreadInput {
  rootId: string;
  /** Replies after this seq (paging forward, catching up); else the newest page, or the page before `beforeSeq`. */
  afterSeq?: number;
  beforeSeq?: number;
  limit?: number;
}

export async function getThread({ db }: Pick<Deps, "db">, actor: Actor, input: GetThreadInput): Promise<ThreadPageDto> {
  const root = await db.message.findUnique({ where: { id: input.rootId }, include: messageInclude });
  if (!root) throw new AppError("not_found", "Thread not found");
  try {
    await requireReadableMembership(db, root.spaceId, actor.entityId);
  } catch {
    throw new AppError("not_found", "Thread not found");
  }
  if (root.threadRootId) throw new AppError("bad_request", "This message is a reply in a thread, not a thread's root");
  const limit = clampLimit(input.limit, DEFAULT_THREAD_PAGE, MAX_THREAD_PAGE);
  const forward = input.afterSeq !== undefined;
  const seq = forward ? { gt: input.afterSeq } : input.beforeSeq !== undefined ? { lt: input.beforeSeq } : undefined;
  const rows = await db.message.findMany({
    where: { threadRootId: root.id, ...(seq && { seq }) },
    orderBy: { seq: forward ? "asc" : "desc" },
    take: limit + 1,
    include: messageInclude,
  });
  const page = rows.slice(0, limit);
  if (!forward) page.reverse();
  return { root: toMessageDto(root), replies: page.map(toMessageDto), hasMore: rows.length > limit };
}
