// When a run ends, the agent's cursor (lastProcessedSeq) in each space moves across what the
// run was shown, never past a message it was not (seen-ranges.ts), and forward only, so
// concurrent runs cannot move it back. A run that failed or was canceled did not handle its
// trigger: its cursor stays before it, so the next run sees the trigger as new. Nor does it
// cross a message another live run of the agent is to handle (pending-triggers.ts): reading
// a space is not handling its requests.
import { rooms } from "@/lib/realtime/events";
import type { GatewayCtx } from "../gateway-context";
import { holdsBySpace, pendingTriggers } from "./pending-triggers";
import { advanceFrom, type SeenRanges } from "./seen-ranges";

export async function advanceCursors(
  ctx: Pick<GatewayCtx, "db" | "events">,
  run: { id: string; entityId: string },
  seen: Record<string, SeenRanges>,
  holdBefore?: { spaceId: string; seq: number },
): Promise<void> {
  const { entityId } = run;
  if (!Object.keys(seen).length) return;
  const held = holdsBySpace(await pendingTriggers(ctx.db, run, run.id));
  for (const [spaceId, ranges] of Object.entries(seen)) {
    const membership = await ctx.db.membership.findUnique({
      where: { spaceId_entityId: { spaceId, entityId } },
      select: { lastProcessedSeq: true },
    });
    if (!membership) continue;
    let seq = advanceFrom(ranges, membership.lastProcessedSeq);
    if (holdBefore?.spaceId === spaceId) seq = Math.min(seq, holdBefore.seq - 1);
    seq = Math.min(seq, (held.get(spaceId) ?? Number.POSITIVE_INFINITY) - 1);
    if (seq <= membership.lastProcessedSeq) continue;
    // The message at that seq and the forward-only move, in one statement.
    const moved = await ctx.db.$queryRaw<{ id: string }[]>`
      UPDATE "Membership" m SET "lastProcessedSeq" = ${seq}, "lastProcessedMessageId" = msg.id
      FROM "Message" msg
      WHERE msg."spaceId" = ${spaceId} AND msg.seq = ${seq}
        AND m."spaceId" = ${spaceId} AND m."entityId" = ${entityId} AND m."lastProcessedSeq" < ${seq}
      RETURNING msg.id`;
    const message = moved[0];
    if (!message) continue;
    // The chat shows agents' cursors like read receipts ("Planner has seen up to here").
    ctx.events.publish(rooms.space(spaceId), "read:updated", { spaceId, entityId, lastSeenSeq: seq, lastSeenMessageId: message.id });
  }
}
