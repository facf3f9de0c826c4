// Telling clients a run changed: every space that shows it gets the members' view, each admin
// gets it as the inspector shows them (server/domain/runs/redact-run.ts). Called after every transition and after changes that are not transitions
// (a run queued, folded into, moved to another space, its wait answered).
import type { RunDto } from "@/lib/realtime/dto";
import { rooms } from "@/lib/realtime/events";
import type { GatewayCtx } from "../gateway-context";
import { runSelect, toRunDto, type RunRow } from "../../domain/runs/run-dto";
import { adminRunViewers } from "../../domain/runs/admin-run-viewers";
import { redactRunDto } from "../../domain/runs/redact-run";

/** `row`: the run as its caller just read it (any superset of runSelect), instead of a read here. */
export async function broadcastRun(ctx: Pick<GatewayCtx, "db" | "events">, runId: string, row?: RunRow | null): Promise<void> {
  row ??= await ctx.db.run.findUnique({ where: { id: runId }, select: runSelect });
  if (!row) return;
  const run = toRunDto(row);
  // Every space that shows this run: where it was triggered, where it is now, where it waits.
  const spaces = new Set([run.triggerSpaceId, run.activeSpaceId, run.waitState?.spaceId].filter(Boolean) as string[]);
  for (const spaceId of spaces) ctx.events.publish(rooms.space(spaceId), "run:updated", { run: forSpace(run, spaceId) });
  const admins = await adminRunViewers(ctx.db, runId, row);
  for (const a of admins?.admins ?? []) ctx.events.publish(rooms.entity(a.entityId), "run:updated", { run: redactRunDto(a.viewer, run, row) });
}

/**
 * A run as the members of one space see it: that an agent is thinking there, not its private
 * reasoning or errors (those are for admins), and nothing that points at another space —
 * ids of spaces, messages or senders elsewhere would tell members of this space where the
 * agent is also working and for whom.
 */
export function forSpace(run: RunDto, spaceId: string): RunDto {
  const here = (id: string | null) => (id === spaceId ? id : null);
  const triggeredHere = run.triggerSpaceId === spaceId;
  return {
    ...run,
    triggerSpaceId: here(run.triggerSpaceId),
    triggerMessageId: triggeredHere ? run.triggerMessageId : null,
    triggerEntityId: triggeredHere ? run.triggerEntityId : null,
    activeSpaceId: here(run.activeSpaceId),
    planId: null,
    serviceName: null,
    // Token counts would tell how much the agent read elsewhere.
    inputTokens: 0,
    cachedInputTokens: 0,
    outputTokens: 0,
    totalTokens: 0,
    error: null,
    partialOutput: null,
    statusReason: null,
    // Run ids of admins' retries are for the inspector.
    retryOfId: null,
    waitState: run.waitState?.spaceId === spaceId ? { spaceId, messageId: run.waitState.messageId, timeoutAt: run.waitState.timeoutAt } : null,
  };
}
