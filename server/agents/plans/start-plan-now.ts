// "Start now" on the admin page: a plan's run, started at once, through the same Run row the
// scheduler creates (planId, a fire time, the plan's reach). Exactly one: the plan's row is
// locked, and while a run of the plan is still queued or running a second click gets that
// run back instead of a new one. The plan's schedule goes on (a one-time plan is done: it ran).
import { MAX_QUEUED_RUNS_PER_AGENT } from "@/lib/limits";
import { LIVE_RUN_STATUSES } from "@/lib/runs/run-status";
import type { Actor } from "../../domain/deps";
import { AppError } from "../../domain/errors";
import { recordAudit } from "../../domain/audit/record-audit";
import { requireAgentAdmin } from "../../domain/agents/require-agent-admin";
import type { GatewayCtx } from "../gateway-context";
import { broadcastRun } from "../runs/broadcast-run";
import { planRunReach } from "./plan-run-reach";

export async function startPlanNow(ctx: GatewayCtx, actor: Actor, input: { agentId: string; planId: string }): Promise<{ runId: string; started: boolean }> {
  requireAgentAdmin(actor);
  const agent = await ctx.db.agent.findUnique({ where: { id: input.agentId }, select: { enabled: true } });
  if (!agent) throw new AppError("not_found", "Agent not found");
  if (!agent.enabled) throw new AppError("conflict", "This agent is disabled; enable it to run its plans");
  const now = ctx.clock.now();
  const out = await ctx.db.$transaction(async (tx) => {
    // The same per-agent lock the triggers take (the queued cap), then the plan's row (one start at a time).
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${input.agentId}))`;
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Plan" WHERE id = ${input.planId} AND "agentId" = ${input.agentId} FOR UPDATE`;
    if (locked.length === 0) throw new AppError("not_found", "Plan not found");
    const plan = await tx.plan.findUniqueOrThrow({ where: { id: input.planId } });
    const live = await tx.run.findFirst({
      where: { planId: plan.id, status: { in: [...LIVE_RUN_STATUSES] } },
      orderBy: { queuedAt: "desc" },
      select: { id: true },
    });
    if (live) return { runId: live.id, started: false };
    if (plan.status === "canceled") throw new AppError("conflict", "This plan was canceled");
    const queued = await tx.run.count({ where: { agentId: input.agentId, status: "queued" } });
    if (queued >= MAX_QUEUED_RUNS_PER_AGENT) {
      throw new AppError("rate_limited", `This agent already has ${queued} queued runs; try again when it has caught up`, { retryAfterS: 30 });
    }
    const scope = await planRunReach(tx, plan);
    // (planId, planFireAt) is unique: two starts in the same millisecond (a coarse clock) take the next one.
    const taken = await tx.run.findFirst({
      where: { planId: plan.id, planFireAt: { gte: now } },
      orderBy: { planFireAt: "desc" },
      select: { planFireAt: true },
    });
    const fireAt = taken?.planFireAt ? new Date(taken.planFireAt.getTime() + 1) : now;
    const run = await tx.run.create({
      data: {
        agentId: plan.agentId,
        triggerType: "plan",
        planId: plan.id,
        // A fire time of its own: (planId, planFireAt) is unique, and the scheduled times stay free for the scheduler.
        planFireAt: fireAt,
        chainDepth: 0,
        reach: scope.reach,
        requesterId: plan.requesterId,
        activeSpaceId: scope.activeSpaceId,
        queuedAt: now,
      },
      select: { id: true },
    });
    const oneTime = !plan.cron;
    await tx.plan.update({
      where: { id: plan.id },
      data: { lastRunAt: now, ...(oneTime && { status: "completed", nextRunAt: null }) },
    });
    await recordAudit(tx, actor, {
      action: "plan.run_now",
      agentId: input.agentId,
      subject: `plan ${JSON.stringify(plan.name)}`,
      itemReach: plan.reach,
      after: { runId: run.id },
    });
    return { runId: run.id, started: true };
  });
  if (out.started) {
    await broadcastRun(ctx, out.runId);
    ctx.kick();
  }
  return out;
}
