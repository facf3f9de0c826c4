// A service (webhook) starts a run: serviceName and payload reach the TRIGGER block.
// No active space: the agent must enter_space before it can post. The caller has already
// proved the agent's key (server/http/agent-trigger.ts checks it before reading the body).
import { z } from "zod";
import { AppError } from "../../domain/errors";
import type { GatewayCtx } from "../gateway-context";
import { broadcastRun } from "../runs/broadcast-run";
import { MAX_QUEUED_RUNS_PER_AGENT } from "@/lib/limits";
import { currentReach, reachForService } from "../reach/reach";
import type { VerifiedServiceKey } from "./service-keys";
import { secondsToNextUtcDay } from "@/lib/utc-day";
import { budgetRefusal } from "../triggers/daily-budget";

export const serviceTriggerInput = z.object({
  serviceName: z.string().trim().min(1).max(100),
  payload: z.unknown().optional(),
});

/**
 * `requesterId`: a person the run acts for (an admin's test trigger from the Services page):
 * its reach is narrowed to the spaces that person shares with the agent, now and at every
 * model call, like a run a message of theirs started. A service's own key acts for nobody.
 */
export async function triggerService(
  ctx: GatewayCtx,
  agentId: string,
  key: VerifiedServiceKey | null,
  body: z.infer<typeof serviceTriggerInput>,
  opts: { requesterId?: string } = {},
): Promise<{ runId: string }> {
  const agent = await ctx.db.agent.findUnique({
    where: { id: agentId },
    select: { id: true, enabled: true, entityId: true, dailyTokenBudget: true, archivedAt: true },
  });
  if (!agent || agent.archivedAt) throw new AppError("not_found", "Agent not found");
  if (!agent.enabled) throw new AppError("conflict", "This agent is disabled");
  const now = ctx.clock.now();
  const overBudget = await budgetRefusal(ctx.db, agent, now);
  if (overBudget) throw new AppError("rate_limited", `${overBudget}; try again after 00:00 UTC`, { retryAfterS: secondsToNextUtcDay(now) });
  const keyReach = await reachForService(ctx.db, agent.entityId, key);
  const reach = opts.requesterId ? await currentReach(ctx.db, keyReach, opts.requesterId) : keyReach;
  // Counted and created under the per-agent lock the message triggers take, so the cap holds under a burst.
  const run = await ctx.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${agentId}))`;
    const queued = await tx.run.count({ where: { agentId, status: "queued" } });
    if (queued >= MAX_QUEUED_RUNS_PER_AGENT) {
      throw new AppError("rate_limited", `This agent already has ${queued} queued runs; try again when it has caught up`, { retryAfterS: 30 });
    }
    return tx.run.create({
      data: {
        agentId,
        triggerType: "service",
        serviceName: body.serviceName,
        servicePayload: (body.payload ?? null) as object,
        chainDepth: 0,
        reach,
        requesterId: opts.requesterId ?? null,
        queuedAt: ctx.clock.now(),
      },
      select: { id: true },
    });
  });
  await broadcastRun(ctx, run.id);
  ctx.kick();
  return { runId: run.id };
}
