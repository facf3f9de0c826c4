// The run lifecycle: only legal transitions, each one a conditional
// UPDATE (so two processes cannot both move a run), persisted, recorded in the timeline
// and broadcast to the run's space and to admins.
import type { RunDto, RunStatus } from "@/lib/realtime/dto";
import { rooms } from "@/lib/realtime/events";
import type { Prisma } from "@/generated/prisma/client";
import type { GatewayCtx } from "../gateway-context";
import { appendRunEvent } from "./run-events";
import { runInclude, toRunDto } from "./run-dto";

export const LEGAL_TRANSITIONS: Record<RunStatus, readonly RunStatus[]> = {
  queued: ["running", "canceled"],
  running: ["waiting_reply", "completed", "failed", "canceled"],
  waiting_reply: ["running", "canceled", "failed"],
  completed: [],
  failed: [],
  canceled: [],
};

export const TERMINAL: readonly RunStatus[] = ["completed", "failed", "canceled"];

export const isLegal = (from: RunStatus, to: RunStatus) => LEGAL_TRANSITIONS[from].includes(to);

/**
 * Moves the run to `to` if its current status may move there. Returns false (and changes
 * nothing) when another actor already moved it, e.g. stop_run canceled it mid-step.
 */
export async function transition(
  ctx: Pick<GatewayCtx, "db" | "events" | "clock">,
  runId: string,
  to: RunStatus,
  data: Omit<Prisma.RunUpdateManyMutationInput, "status"> = {},
  reason?: string,
): Promise<boolean> {
  const from = (Object.keys(LEGAL_TRANSITIONS) as RunStatus[]).filter((s) => isLegal(s, to));
  const now = ctx.clock.now();
  const extra: Prisma.RunUpdateManyMutationInput = {};
  if (TERMINAL.includes(to)) extra.endedAt = now;
  if (reason !== undefined) extra.statusReason = reason;
  const { count } = await ctx.db.run.updateMany({
    where: { id: runId, status: { in: from } },
    data: { ...data, ...extra, status: to },
  });
  if (count === 0) return false;
  await appendRunEvent(ctx, runId, "status", { status: to, ...(reason ? { reason } : {}) });
  await broadcastRun(ctx, runId);
  return true;
}

export async function broadcastRun(ctx: Pick<GatewayCtx, "db" | "events">, runId: string): Promise<void> {
  const row = await ctx.db.run.findUnique({ where: { id: runId }, include: runInclude });
  if (!row) return;
  const run = toRunDto(row);
  // Every space that shows this run: where it was triggered, where it is now, where it waits.
  const spaces = new Set([run.triggerSpaceId, run.activeSpaceId, run.waitState?.spaceId].filter(Boolean) as string[]);
  for (const spaceId of spaces) ctx.events.publish(rooms.space(spaceId), "run:updated", { run: forSpace(run, spaceId) });
  ctx.events.publish(rooms.admins, "run:updated", { run });
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
    outputTokens: 0,
    totalTokens: 0,
    error: null,
    partialOutput: null,
    statusReason: null,
    waitState:
      run.waitState?.spaceId === spaceId ? { spaceId, messageId: run.waitState.messageId, timeoutAt: run.waitState.timeoutAt } : null,
  };
}
