// The run lifecycle: every change of a run's status happens in this file, and only along
// LEGAL_TRANSITIONS. Each is a conditional UPDATE (so two processes cannot both move a run),
// persisted, recorded in the timeline and broadcast (broadcast-run.ts). The paths:
//
//   queued        → running        claimRun (the worker, within the agent's maxConcurrentRuns)
//   waiting_reply → running        claimRun resumes a wait that was answered or timed out;
//                                  transition() undoes a wait whose question could not be posted
//   running       → waiting_reply  enterWait (send_message with wait, within maxWaitingRuns)
//   running       → queued         requeueRun (its process shut down before the call ended:
//                                  another process claims it, put-back.ts)
//   live          → canceled       cancelRun (an admin, or stop_run naming another run)
//   running       → completed, failed, canceled (stop_run naming itself)   finishRun
//   waiting_reply → failed         finishRun
import type { SeenRanges } from "./seen-ranges";
import type { Prisma } from "@/generated/prisma/client";
import { isTerminalStatus, RUN_STATUSES, type RunStatus } from "@/lib/runs/run-status";
import type { GatewayCtx } from "../gateway-context";
import { appendRunEvent } from "./run-events";
import { metrics } from "../../metrics/metrics";
import { broadcastRun } from "./broadcast-run";
import type { RunRow } from "../../domain/runs/run-dto";
import { advanceCursors } from "./cursors";
import { type Candidate, heldSql } from "./claim";
import { tellRequesterOfFailure } from "../notes/tell-requester";
import { loadRunningRun, type RunningRun } from "./running-run";
import { cancelQuestions, timeOutQuestion } from "./questions";

export const LEGAL_TRANSITIONS: Record<RunStatus, readonly RunStatus[]> = {
  queued: ["running", "canceled"],
  running: ["waiting_reply", "queued", "completed", "failed", "canceled"],
  waiting_reply: ["running", "canceled", "failed"],
  completed: [],
  failed: [],
  canceled: [],
};

export const isLegal = (from: RunStatus, to: RunStatus) => LEGAL_TRANSITIONS[from].includes(to);

/** For the paths that write their own atomic UPDATE: they may only take an edge of the table. */
function requireLegal(from: RunStatus, to: RunStatus): void {
  if (!isLegal(from, to)) throw new Error(`Illegal run transition ${from} → ${to}`);
}

type Ctx = Pick<GatewayCtx, "db" | "events" | "clock">;

/**
 * The timeline entry, the broadcast and the count every transition ends with. `read`, when
 * the caller needs the run after the move: read beside the timeline entry, and broadcast from.
 */
async function recordTransition<R extends RunRow | null>(
  ctx: Ctx,
  runId: string,
  to: RunStatus,
  reason?: string,
  read?: () => Promise<R>,
): Promise<R | undefined> {
  metrics().runTransitions.inc({ to });
  const [row] = await Promise.all([read?.(), appendRunEvent(ctx, runId, "status", { status: to, ...(reason ? { reason } : {}) })]);
  // A question still open when its run ends can no longer be answered: its message says so.
  if (isTerminalStatus(to)) await cancelQuestions(ctx, runId);
  await broadcastRun(ctx, runId, row);
  return row;
}

/**
 * Moves the run to `to` if its current status may move there. Returns false (and changes
 * nothing) when another actor already moved it, e.g. stop_run canceled it mid-step.
 */
export async function transition(
  ctx: Ctx,
  runId: string,
  to: RunStatus,
  data: Omit<Prisma.RunUpdateManyMutationInput, "status"> = {},
  reason?: string,
): Promise<boolean> {
  const from = RUN_STATUSES.filter((s) => isLegal(s, to));
  const now = ctx.clock.now();
  const extra: Prisma.RunUpdateManyMutationInput = {};
  if (isTerminalStatus(to)) extra.endedAt = now;
  if (reason !== undefined) extra.statusReason = reason;
  const { count } = await ctx.db.run.updateMany({
    where: { id: runId, status: { in: from } },
    data: { ...data, ...extra, status: to },
  });
  if (count === 0) return false;
  await recordTransition(ctx, runId, to, reason);
  return true;
}

/**
 * Under the agent's advisory lock, so processes sharing the database cannot overshoot a
 * per-agent cap or move the same run twice.
 */
function underAgentLock<T>(ctx: Ctx, agentId: string, fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return ctx.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${agentId}))`;
    return fn(tx);
  });
}

/** A claim's outcome; a claimed run comes with its row for the executor (null if it was canceled at once). */
export type Claim = { outcome: "claimed"; run: RunningRun | null } | { outcome: "full" | "gone" | "held" };

/**
 * Starts a queued run or resumes a waiting one whose resumeAt is due. "full" when the agent
 * is at its cap, "gone" when someone else moved the run, "held" when a run of the agent is
 * running in the queued run's space (claim.ts): it starts once that one ends.
 */
export async function claimRun(ctx: Ctx, c: Candidate): Promise<Claim> {
  requireLegal(c.status, "running");
  const now = ctx.clock.now();
  const outcome = await underAgentLock(ctx, c.agentId, async (tx) => {
    // The cap and the count in one read: on a transaction's one connection, queries queue.
    const agent = await tx.agent.findUniqueOrThrow({
      where: { id: c.agentId },
      select: { maxConcurrentRuns: true, _count: { select: { runs: { where: { status: "running" } } } } },
    });
    if (agent._count.runs >= agent.maxConcurrentRuns) return "full" as const;
    if (c.status === "waiting_reply") {
      const { count } = await tx.run.updateMany({
        where: { id: c.id, status: "waiting_reply", resumeAt: { lte: now } },
        data: { status: "running", resumeAt: null },
      });
      return count === 1 ? ("claimed" as const) : ("gone" as const);
    }
    // Asked again under the lock: the worker's look-up may predate a claim by another process.
    const held = await tx.$queryRaw<{ held: boolean }[]>`SELECT ${heldSql} AS held FROM "Run" r WHERE r.id = ${c.id}`;
    if (held[0]?.held) return "held" as const;
    // A run put back by a shutdown keeps its first start: its maximum duration runs on.
    const fresh = await tx.run.updateMany({ where: { id: c.id, status: "queued", startedAt: null }, data: { status: "running", startedAt: now } });
    const again = fresh.count ? fresh : await tx.run.updateMany({ where: { id: c.id, status: "queued" }, data: { status: "running" } });
    return again.count === 1 ? ("claimed" as const) : ("gone" as const);
  });
  if (outcome !== "claimed") return { outcome };
  // One read of the claimed run serves its broadcast and its execution: the claim is on the
  // path from a message to its agent's model call.
  const reason = c.status === "waiting_reply" ? "resumed after wait" : undefined;
  // Resumed without an answer: the question timed out (an answered one was marked when answered).
  if (c.status === "waiting_reply") await timeOutQuestion(ctx, c.id);
  const run = await recordTransition(ctx, c.id, "running", reason, () => loadRunningRun(ctx, c.id));
  return { outcome, run: run ?? null };
}

/**
 * running → queued: its process is shutting down and cut the model call off. Any process
 * claims it again like a new run; the next call is told what this one did (THIS RUN SO FAR).
 */
export async function requeueRun(ctx: Ctx, runId: string, reason: string): Promise<boolean> {
  return transition(ctx, runId, "queued", {}, reason);
}

/**
 * running → waiting_reply, unless the agent already has `maxWaitingRuns` waits (even when
 * several runs of one agent ask at once). `waitState` is built inside the lock, just before
 * the UPDATE (waits.ts says what it holds).
 */
export async function enterWait(
  ctx: Ctx,
  run: { id: string; agentId: string },
  maxWaitingRuns: number,
  waitState: (tx: Prisma.TransactionClient) => Promise<object>,
): Promise<"waiting" | "full" | "not_running"> {
  requireLegal("running", "waiting_reply");
  const outcome = await underAgentLock(ctx, run.agentId, async (tx) => {
    const waiting = await tx.run.count({ where: { agentId: run.agentId, status: "waiting_reply" } });
    if (waiting >= maxWaitingRuns) return "full" as const;
    const state = await waitState(tx);
    const { count } = await tx.run.updateMany({
      where: { id: run.id, status: "running" },
      data: { status: "waiting_reply", waitState: state, resumeAt: null, waitCount: { increment: 1 } },
    });
    return count === 1 ? ("waiting" as const) : ("not_running" as const);
  });
  if (outcome === "waiting") await recordTransition(ctx, run.id, "waiting_reply");
  return outcome;
}

/**
 * Cancels a live run and aborts its model call if this process is executing it (another
 * process notices at its next heartbeat, lease.ts). False when the run already ended or
 * does not exist.
 */
export async function cancelRun(ctx: Ctx & Pick<GatewayCtx, "executing">, runId: string, reason: string): Promise<boolean> {
  const ok = await transition(ctx, runId, "canceled", {}, reason);
  if (ok) ctx.executing.get(runId)?.abort(new Error(reason));
  return ok;
}

/**
 * The executor ends a run. The agent's read cursors advance across what the run was shown
 * (cursors.ts), also when someone canceled it mid-step; but a run that did not complete
 * leaves the cursor before its trigger, which it never handled.
 */
export async function finishRun(
  ctx: Ctx,
  run: { id: string; entityId: string; seen: Record<string, SeenRanges> },
  to: "completed" | "failed" | "canceled",
  data: { error?: string; partialOutput?: string | null; statusReason?: string },
  reason?: string,
): Promise<void> {
  const moved = await transition(ctx, run.id, to, { ...data, seenCursors: run.seen }, reason ?? data.statusReason);
  // Completed by this call (most runs): nothing to read back, its trigger is not held before.
  const row =
    moved && to === "completed"
      ? { status: to, triggerMessageId: null }
      : await ctx.db.run.findUnique({ where: { id: run.id }, select: { status: true, triggerMessageId: true } });
  if (!row || !(moved || isTerminalStatus(row.status))) return;
  // A person whose own message this run was answering is told, member-safe, that it failed.
  if (moved && to === "failed") await tellRequesterOfFailure(ctx, run.id);
  const trigger =
    row.status !== "completed" && row.triggerMessageId
      ? await ctx.db.message.findUnique({ where: { id: row.triggerMessageId }, select: { spaceId: true, seq: true } })
      : null;
  await advanceCursors(ctx, run, run.seen, trigger ?? undefined);
}
