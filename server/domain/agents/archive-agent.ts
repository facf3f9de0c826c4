import { rooms } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { recordAudit } from "../audit/record-audit";
import { requireAgentAdmin } from "./require-agent-admin";

/**
 * "Deletes" an agent by archiving it. Admins only. Nothing is removed: its messages keep their
 * sender (and so its name) and its runs stay in the run inspector. From now on it is never
 * woken: message triggers skip it, its active plans are paused here (and the scheduler skips
 * archived agents' plans), its service keys are revoked here (and checked again on use),
 * and the worker never claims its runs. Returns the runs still live, for the caller to cancel
 * through the gateway (the one place a run's status changes). Archiving twice changes nothing.
 */
export async function archiveAgent(
  { db, events }: Pick<Deps, "db" | "events">,
  actor: Actor,
  input: { agentId: string; now?: Date },
): Promise<{ liveRunIds: string[] }> {
  requireAgentAdmin(actor);
  const now = input.now ?? new Date();
  const result = await db.$transaction(async (tx) => {
    const agent = await tx.agent.findUnique({
      where: { id: input.agentId },
      select: { id: true, entityId: true, archivedAt: true, entity: { select: { name: true } } },
    });
    if (!agent) throw new AppError("not_found", "Agent not found");
    if (agent.archivedAt) return { liveRunIds: [], spaceIds: [] };
    await tx.agent.update({ where: { id: agent.id }, data: { archivedAt: now } });
    const plans = await tx.plan.updateMany({ where: { agentId: agent.id, status: "active" }, data: { status: "paused" } });
    const keys = await tx.serviceKey.updateMany({ where: { agentId: agent.id, revokedAt: null }, data: { revokedAt: now } });
    await recordAudit(tx, actor, {
      action: "agent.archive",
      agentId: agent.id,
      subject: `agent ${JSON.stringify(agent.entity.name)}`,
      before: { archivedAt: null },
      after: { archivedAt: now.toISOString(), pausedPlans: plans.count, revokedKeys: keys.count },
    });
    const live = await tx.run.findMany({ where: { agentId: agent.id, status: { in: ["queued", "running", "waiting_reply"] } }, select: { id: true } });
    const spaces = await tx.membership.findMany({ where: { entityId: agent.entityId }, select: { spaceId: true } });
    return { liveRunIds: live.map((r) => r.id), spaceIds: spaces.map((s) => s.spaceId) };
  });
  // Its spaces' members reload the space and see the agent marked deleted.
  for (const spaceId of result.spaceIds) events.publish(rooms.space(spaceId), "space:updated", { spaceId });
  return { liveRunIds: result.liveRunIds };
}

/** Changes to an archived agent are refused: it cannot be edited back to life by accident. */
export function assertNotArchived(agent: { archivedAt: Date | null }): void {
  if (agent.archivedAt) throw new AppError("conflict", "This agent is deleted (archived)");
}
