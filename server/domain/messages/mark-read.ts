// Read receipts. The cursor only moves forward: an older lastMessageId is accepted and
// changes nothing, so out-of-order or stale receipts from several tabs are harmless.
import type { ReadCursorDto } from "@/lib/realtime/dto";
import { rooms } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { requireMembership } from "../spaces/require-membership";

export async function markRead({ db, events }: Deps, actor: Actor, input: { spaceId: string; lastMessageId: string }): Promise<ReadCursorDto> {
  const membership = await requireMembership(db, input.spaceId, actor.entityId);
  const message = await db.message.findUnique({ where: { id: input.lastMessageId }, select: { spaceId: true, seq: true } });
  if (!message || message.spaceId !== input.spaceId) throw new AppError("bad_request", "That message is not in this space");

  // Conditional update: concurrent receipts cannot move the cursor backward.
  const { count } = await db.membership.updateMany({
    where: { id: membership.id, lastSeenSeq: { lt: message.seq } },
    data: { lastSeenSeq: message.seq, lastSeenMessageId: input.lastMessageId },
  });
  const cursor = count
    ? { lastSeenSeq: message.seq, lastSeenMessageId: input.lastMessageId }
    : await db.membership.findUniqueOrThrow({ where: { id: membership.id }, select: { lastSeenSeq: true, lastSeenMessageId: true } });
  const dto = { spaceId: input.spaceId, entityId: actor.entityId, ...cursor };
  if (count) events.publish(rooms.space(input.spaceId), "read:updated", dto);
  return dto;
}
