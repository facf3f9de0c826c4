// When a run ends, the agent's lastProcessedMessageId moves to the newest
// message it saw in each space it read — forward only, so concurrent runs cannot move it back.
import { rooms } from "@/lib/realtime/events";
import type { GatewayCtx } from "../gateway-context";

export async function advanceCursors(
  ctx: Pick<GatewayCtx, "db" | "events">,
  entityId: string,
  seen: Record<string, { seq: number; messageId: string }>,
): Promise<void> {
  for (const [spaceId, { seq, messageId }] of Object.entries(seen)) {
    if (!messageId) continue;
    const { count } = await ctx.db.membership.updateMany({
      where: { spaceId, entityId, lastProcessedSeq: { lt: seq } },
      data: { lastProcessedSeq: seq, lastProcessedMessageId: messageId },
    });
    // The chat shows agents' cursors like read receipts ("Planner has seen up to here").
    if (count) ctx.events.publish(rooms.space(spaceId), "read:updated", { spaceId, entityId, lastSeenSeq: seq, lastSeenMessageId: messageId });
  }
}
