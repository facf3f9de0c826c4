// History by keyset on the per-space seq: pages upward (before a seq) for scroll-back,
// and forward (after a seq) for reconnect replay. Both return oldest first.
import type { MessageDto } from "@/lib/realtime/dto";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_REPLAY_BATCH } from "@/lib/limits";
import type { Db } from "../../db/client";
import type { Actor } from "../deps";
import { messageInclude, toMessageDto } from "../dto";
import { requireMembership } from "../spaces/require-membership";

export interface MessagePage {
  messages: MessageDto[];
  hasMore: boolean;
}

export async function listMessagesBefore(db: Db, actor: Actor, input: { spaceId: string; beforeSeq?: number; limit?: number }): Promise<MessagePage> {
  await requireMembership(db, input.spaceId, actor.entityId);
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

export async function listMessagesAfter(db: Db, actor: Actor, input: { spaceId: string; afterSeq: number; limit?: number }): Promise<MessagePage> {
  await requireMembership(db, input.spaceId, actor.entityId);
  const limit = clampLimit(input.limit, MAX_REPLAY_BATCH, MAX_REPLAY_BATCH);
  const rows = await db.message.findMany({
    where: { spaceId: input.spaceId, seq: { gt: input.afterSeq } },
    orderBy: { seq: "asc" },
    take: limit + 1,
    include: messageInclude,
  });
  const hasMore = rows.length > limit;
  return { messages: rows.slice(0, limit).map(toMessageDto), hasMore };
}

export function clampLimit(limit: number | undefined, fallback: number, max: number): number {
  if (limit === undefined || !Number.isFinite(limit)) return fallback;
  return Math.min(Math.max(1, Math.floor(limit)), max);
}
