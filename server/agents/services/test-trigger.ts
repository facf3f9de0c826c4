// An admin's test trigger from an agent's Services page: the same run a service's key starts
// (triggerService: enabled and budget checks, the queue cap, the key's narrower reach), but
// acting for the admin, so it reaches only spaces the admin shares with the agent.
import type { z } from "zod";
import type { Actor } from "../../domain/deps";
import { requireAgentAdmin } from "../../domain/agents/require-agent-admin";
import type { GatewayCtx } from "../gateway-context";
import { type serviceTriggerInput, triggerService } from "./trigger-service";

export async function testTrigger(
  ctx: GatewayCtx,
  actor: Actor,
  input: { agentId: string; body: z.infer<typeof serviceTriggerInput> },
): Promise<{ runId: string }> {
  requireAgentAdmin(actor);
  // The live key's narrowing applies, so the test shows what the service itself would get.
  const key = await ctx.db.serviceKey.findFirst({
    where: { agentId: input.agentId, revokedAt: null },
    orderBy: { createdAt: "desc" },
    select: { id: true, spaceIds: true, createdById: true },
  });
  return triggerService(ctx, input.agentId, key, input.body, { requesterId: actor.entityId });
}
