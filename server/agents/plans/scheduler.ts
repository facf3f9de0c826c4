// Plans fire on time, once. A due plan is locked with FOR UPDATE SKIP
// LOCKED, its run is created and its next time written in the same transaction, and
// Run has a unique (planId, planFireAt): a due time can start one run, whatever the
// number of processes or ticks. Ticks in one process never overlap.
import type { GatewayCtx } from "../gateway-context";
import { nextCronTime } from "../../domain/agents/schedule";
import { broadcastRun } from "../runs/broadcast-run";
import { log } from "../../log";
import { planRunReach } from "./plan-run-reach";
import { budgetRefusal } from "../triggers/daily-budget";
import { startOfUtcDay } from "@/lib/utc-day";

export class PlanScheduler {
  private ticking = false;

  constructor(private readonly ctx: GatewayCtx) {}

  /** Fires every due plan; returns the runs it created. */
  async tick(): Promise<string[]> {
    if (this.ticking) return [];
    this.ticking = true;
    const created: string[] = [];
    try {
      const now = this.ctx.clock.now();
      const due = await this.ctx.db.plan.findMany({
        // Archiving pauses an agent's plans; this also covers a plan set active again afterwards.
        where: { status: "active", nextRunAt: { lte: now }, agent: { archivedAt: null } },
        orderBy: { nextRunAt: "asc" },
        take: 100,
        select: { id: true },
      });
      for (const { id } of due) {
        try {
          const runId = await this.fire(id, now);
          if (runId) created.push(runId);
        } catch (err) {
          log.error({ err, planId: id }, "plan failed to fire");
        }
      }
    } finally {
      this.ticking = false;
    }
    for (const id of created) await broadcastRun(this.ctx, id);
    if (created.length) this.ctx.kick();
    return created;
  }

  private fire(planId: string, now: Date): Promise<string | null> {
    return this.ctx.db.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM "Plan" WHERE id = ${planId} AND status = 'active' AND "nextRunAt" <= ${now.toISOString()}::timestamp
        FOR UPDATE SKIP LOCKED`;
      if (locked.length === 0) return null;
      const plan = await tx.plan.findUniqueOrThrow({ where: { id: planId }, include: { agent: { select: { id: true, dailyTokenBudget: true } } } });
      // A spent daily budget holds for plans too: a recurring plan skips this time, a one-time
      // plan waits for the next UTC day (when the budget is fresh) instead of never running.
      const overBudget = await budgetRefusal(tx, plan.agent, now);
      if (overBudget) {
        const skipTo = plan.cron ? nextCronTime(plan.cron, new Date(Math.max(now.getTime(), plan.nextRunAt!.getTime()))) : null;
        const nextDay = new Date(startOfUtcDay(now).getTime() + 86_400_000);
        await tx.plan.update({ where: { id: plan.id }, data: { nextRunAt: skipTo ?? nextDay } });
        log.warn({ planId: plan.id, agentId: plan.agentId, reason: overBudget, next: (skipTo ?? nextDay).toISOString() }, "plan not run: over budget");
        return null;
      }
      // Re-set with a due time that already fired: that time has had its run; only move the plan on.
      const fired = await tx.run.findFirst({ where: { planId: plan.id, planFireAt: plan.nextRunAt }, select: { id: true } });
      const scope = fired ? null : await planRunReach(tx, plan);
      const run = !scope
        ? null
        : await tx.run.create({
            data: {
              agentId: plan.agentId,
              triggerType: "plan",
              planId: plan.id,
              planFireAt: plan.nextRunAt,
              chainDepth: 0,
              reach: scope.reach,
              requesterId: plan.requesterId,
              activeSpaceId: scope.activeSpaceId,
              queuedAt: now,
            },
            select: { id: true },
          });
      const next = plan.cron ? nextCronTime(plan.cron, new Date(Math.max(now.getTime(), plan.nextRunAt!.getTime()))) : null;
      await tx.plan.update({
        where: { id: plan.id },
        data: { lastRunAt: now, nextRunAt: next, status: next ? "active" : "completed" },
      });
      return run?.id ?? null;
    });
  }
}
