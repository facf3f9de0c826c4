import type { Prisma } from "@/generated/prisma/client";
import type { AuditAction } from "@/lib/audit/audit-actions";
import type { Db } from "../../db/client";
import type { AgentActor } from "../agents/provenance";

type Fields = Record<string, unknown>;

/**
 * Records a change one of the agent's runs made to its memories, goals or plans, in the same
 * transaction as the change: the agent is the actor, with the run and the person it acted for,
 * so the agent's History shows who steered it. A change by an admin or a script is recorded by
 * its own verb (recordAudit); this records nothing for them.
 */
export async function recordAgentChange(
  db: Db | Prisma.TransactionClient,
  actor: AgentActor,
  entry: { action: AuditAction; agentId: string; subject: string; before?: Fields | null; after?: Fields | null; itemReach: readonly string[] },
): Promise<void> {
  // Every tool call passes its run (run-scope.ts provenanceOf); a provenance without one is a script's or a test's.
  if (!actor.run?.runId) return;
  await db.auditEntry.create({
    data: {
      actorId: actor.entityId,
      agentId: entry.agentId,
      action: entry.action,
      subject: entry.subject,
      before: (entry.before ?? undefined) as Prisma.InputJsonValue | undefined,
      after: (entry.after ?? undefined) as Prisma.InputJsonValue | undefined,
      itemReach: [...entry.itemReach],
      runId: actor.run.runId,
      requesterId: actor.run.requesterId ?? null,
    },
  });
}
