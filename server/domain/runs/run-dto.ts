// Run rows → RunDto. The include shape lives next to the mapper.
import type { RunDto } from "@/lib/realtime/dto";
import type { Run } from "@/generated/prisma/client";

export const runInclude = {
  agent: { select: { provider: true, modelId: true, entity: { select: { id: true, name: true, type: true, avatarColor: true } } } },
} as const;

type RunRow = Run & {
  agent: { provider: string; modelId: string; entity: { id: string; name: string; type: "human" | "agent"; avatarColor: string | null } };
};

export function toRunDto(r: RunRow): RunDto {
  return {
    id: r.id,
    agent: { ...r.agent.entity, provider: r.agent.provider, modelId: r.agent.modelId },
    status: r.status,
    triggerType: r.triggerType,
    triggerMessageId: r.triggerMessageId,
    triggerSpaceId: r.triggerSpaceId,
    triggerEntityId: r.triggerEntityId,
    planId: r.planId,
    serviceName: r.serviceName,
    chainDepth: r.chainDepth,
    activeSpaceId: r.activeSpaceId,
    waitState: (r.waitState as RunDto["waitState"]) ?? null,
    waitCount: r.waitCount,
    stepCount: r.stepCount,
    inputTokens: r.inputTokens,
    cachedInputTokens: r.cachedInputTokens,
    outputTokens: r.outputTokens,
    totalTokens: r.totalTokens,
    error: r.error,
    partialOutput: r.partialOutput,
    statusReason: r.statusReason,
    queuedAt: r.queuedAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    endedAt: r.endedAt?.toISOString() ?? null,
    retryOfId: r.retryOfId,
  };
}
