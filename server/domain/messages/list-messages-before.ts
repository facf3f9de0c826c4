// Scroll-back: the page of messages before a seq (or the newest), oldest first.
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/limits";
import type { Actor, Deps } from "../deps";
import { messageInclude, toMessageDto } from "../dto";
import { requireReadableMembership } from "../spaces/require-membership";
import { clampLimit, type MessagePage } from "./message-page";

export async function listMessagesBefore(
  { db }: Pick<Deps, "db">,
  actor: Actor,
  input: { spaceId: string; beforeSeq?: number; limit?: number },
): Promise<MessagePage> {
  await requireReadableMembership(db, input.spaceId, actor.entityId);
  const limit = clampLimit(input.limit, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const rows = await db.message.findMany({
    where: { spaceId: input.spaceId, ...(input.beforeSeq !== undefined ? { seq: { lt: input.beforeSeq } } : {}) },
    orderBy: { seq: "desc" },
    take: limit + 1,
    include: messageInclude,
  });
  const hasMore = rows.length > limit;
  return { messages: rows.slice(0, limit).reverse().map(toMessageDto), hasMore };
}
