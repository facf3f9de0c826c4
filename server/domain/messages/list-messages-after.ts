// Reconnect replay: the messages after a seq, oldest first, in batches of MAX_REPLAY_BATCH.
import { MAX_REPLAY_BATCH } from "@/lib/limits";
import type { Actor, Deps } from "../deps";
import { messageInclude, toMessageDto } from "../dto";
import { requireReadableMembership } from "../spaces/require-membership";
import { clampLimit, type MessagePage } from "./message-page";

export async function listMessagesAfter(
  { db }: Pick<Deps, "db">,
  actor: Actor,
  input: { spaceId: string; afterSeq: number; limit?: number },
): Promise<MessagePage> {
  await requireReadableMembership(db, input.spaceId, actor.entityId);
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
