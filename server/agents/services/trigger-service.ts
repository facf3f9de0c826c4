// A service (webhook) starts a run: serviceName and payload reach the TRIGGER block.
// No active space: the agent must enter_space before it can post. The caller has already
// proved the agent's key (server/http/agent-trigger.ts checks it before reading the body).
import { z } from "zod";
import { AppError } from "../../domain/errors";
import type { GatewayCtx } from "../gateway-context";
import { broadcastRun } from "../runs/transitions";

export const serviceTriggerInput = z.object({
  serviceName: z.string().trim().min(1).max(100),
  payload: z.unknown().optional(),
});

export async function triggerService(ctx: GatewayCtx, agentId: string, body: z.infer<typeof serviceTriggerInput>): Promise<{ runId: string }> {
  const agent = await ctx.db.agent.findUnique({ where: { id: agentId }, select: { id: true, enabled: true } });
  if (!agent) throw new AppError("not_found", "Agent not found");
  if (!agent.enabled) throw new AppError("conflict", "This agent is disabled");
  const run = await ctx.db.run.create({
    data: {
      agentId,
      triggerType: "service",
      serviceName: body.serviceName,
      servicePayload: (body.payload ?? null) as object,
      chainDepth: 0,
      queuedAt: ctx.clock.now(),
    },
    select: { id: true },
  });
  await broadcastRun(ctx, run.id);
  ctx.kick();
  return { runId: run.id };
}
