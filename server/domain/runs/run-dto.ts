// Run rows → RunDto. The select lives next to the mapper: exactly the columns a RunDto shows.
// Not the whole row: contextSnapshot holds the whole text of the run's last model call, and a
// run is broadcast after every transition and listed by the page in the inspector.
import type { RunDto } from "@/lib/realtime/dto";
import type { Prisma } from "@/generated/prisma/client";

export const runSelect = {
  id: true,
  status: true,
  triggerType: true,
  triggerMessageId: true,
  triggerSpaceId: true,
  triggerEntityId: true,
  planId: true,
  serviceName: true,
  chainDepth: true,
  activeSpaceId: true,
  waitState: true,
  waitCount: true,
  stepCount: true,
  inputTokens: true,
  cachedInputTokens: true,
  outputTokens: true,
  totalTokens: true,
  error: true,
  partialOutput: true,
  statusReason: true,
  queuedAt: true,
  startedAt: true,
  endedAt: true,
  retryOfId: true,
  // Not shown: what the run's content came from, so views can withhold it (redact-run.ts).
  reach: true,
  agent: { select: { provider: true, modelId: true, entity: { select: { id: true, name: true, type: true, avatarColor: true } } } },
} as const satisfies Prisma.RunSelect;

export type RunRow = Prisma.RunGetPayload<{ select: typeof runSelect }>;

export function toRunDto(r: RunRow): RunDto {
  return {
    id: r.id,
    // Field by field: a caller may pass a wider row (runs/running-run.ts reads the whole entity).
    agent: {
      id: r.agent.entity.id,
      name: r.agent.entity.name,
      type: r.agent.entity.type,
      avatarColor: r.agent.entity.avatarColor,
      provider: r.agent.provider,
      modelId: r.agent.modelId,
    },
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
