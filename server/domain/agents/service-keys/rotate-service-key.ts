// An admin rotates an agent's service key: the old key stops working at once, the new one is
// returned once. `spaceIds` (required, non-empty) is what runs started with the key may reach:
// only spaces both the agent and this admin are in, so a webhook meant for one channel cannot be
// steered into another, and a key never reaches a channel its maker cannot read.
import type { RotatedKeyDto } from "@/lib/agents/service-dto";
import type { Actor, Deps } from "../../deps";
import { AppError } from "../../errors";
import { recordAudit } from "../../audit/record-audit";
import { requireAgentAdmin } from "../require-agent-admin";
import { checkKeySpaces, issueServiceKey } from "./key-store";

export async function rotateAgentServiceKey({ db }: Pick<Deps, "db">, actor: Actor, input: { agentId: string; spaceIds: string[] }): Promise<RotatedKeyDto> {
  requireAgentAdmin(actor);
  const agent = await db.agent.findUnique({ where: { id: input.agentId }, select: { id: true, entityId: true, entity: { select: { name: true } } } });
  if (!agent) throw new AppError("not_found", "Agent not found");
  const spaceIds = [...new Set(input.spaceIds)];
  await checkKeySpaces(db, agent.entityId, spaceIds, actor.entityId);
  return db.$transaction(async (tx) => {
    const old = await tx.serviceKey.findFirst({
      where: { agentId: agent.id, revokedAt: null },
      orderBy: { createdAt: "desc" },
      select: { prefix: true, spaceIds: true },
    });
    const issued = await issueServiceKey(tx, agent.id, { spaceIds, createdById: actor.entityId });
    // The prefix only: the audit log must never hold a usable key.
    await recordAudit(tx, actor, {
      action: "key.rotate",
      agentId: agent.id,
      subject: `service key of ${JSON.stringify(agent.entity.name)}`,
      before: old ? { prefix: old.prefix, spaceIds: old.spaceIds } : null,
      after: { prefix: issued.prefix, spaceIds: issued.spaceIds },
    });
    return { key: issued.key, prefix: issued.prefix, spaceIds: issued.spaceIds, createdAt: issued.createdAt.toISOString() };
  });
}
