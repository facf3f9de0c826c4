// When a run ends, the agent's cursor (lastProcessedSeq) in each space moves across what the
// run was shown, never past a message it was not (seen-ranges.ts), and forward only, so
// concurrent runs cannot move it back. A run that failed or was canceled did not handle its
// trigger: its cursor stays before it, so the next run sees the trigger as new.
import { rooms } from "@/lib/realtime/events";
import type { GatewayCtx } from "../gateway-context";
import { advanceFrom, type SeenRanges } from "./seen-ranges";

export async function advanceCursors(
  ctx: Pick<GatewayCtx, "db" | "events">,
  entityId: string,
  seen: Record<string, SeenRanges>,
  holdBefore?: { spaceId: string; seq: number },
): Promise<void> {
  for (const [spaceId, ranges] of Object.entries(seen)) {
    const membership = await ctx.db.membership.findUnique({
      where: { spaceId_entityId: { spaceId, entityId } },
      select: { lastProcessedSeq: true },
    });
    if (!membership) continue;
    let seq = advanceFrom(ranges, membership.lastProcessedSeq);
    if (holdBefore?.spaceId === spaceId) seq = Math.min(seq, holdBefore.seq - 1);
    if (seq <= membership.lastProcessedSeq) continue;
    const message = await ctx.db.message.findUnique({ where: { spaceId_seq: { spaceId, seq } }, select: { id: true } });
    if (!message) continue;
    const { count } = await ctx.db.membership.updateMany({
      where: { spaceId, entityId, lastProcessedSeq: { lt: seq } },
      data: { lastProcessedSeq: seq, lastProcessedMessageId: message.id },
    });
    // The chat shows agents' cursors like read receipts ("Planner has seen up to here").
    if (count) ctx.events.publish(rooms.space(spaceId), "read:updated", { spaceId, entityId, lastSeenSeq: seq, lastSeenMessageId: message.id });
  }
}
