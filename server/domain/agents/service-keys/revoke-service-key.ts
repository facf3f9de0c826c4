// An admin revokes an agent's service key: services calling with it get 401 from then on, and
// the agent has no key until one is rotated in.
import type { Actor, Deps } from "../../deps";
import { AppError } from "../../errors";
import { recordAudit } from "../../audit/record-audit";
import { requireAgentAdmin } from "../require-agent-admin";

export async function revokeAgentServiceKey({ db }: Pick<Deps, "db">, actor: Actor, input: { agentId: string }): Promise<{ revoked: string }> {
  requireAgentAdmin(actor);
  const agent = await db.agent.findUnique({ where: { id: input.agentId }, select: { id: true, entity: { select: { name: true } } } });
  if (!agent) throw new AppError("not_found", "Agent not found");
  return db.$transaction(async (tx) => {
    const live = await tx.serviceKey.findMany({ where: { agentId: agent.id, revokedAt: null }, select: { id: true, prefix: true } });
    if (!live.length) throw new AppError("conflict", "This agent has no service key to revoke");
    // Conditional on still being live, so two admins revoking at once record one revocation each key.
    const done = await tx.serviceKey.updateMany({ where: { id: { in: live.map((k) => k.id) }, revokedAt: null }, data: { revokedAt: new Date() } });
    if (done.count === 0) throw new AppError("conflict", "This agent has no service key to revoke");
    const prefix = live.map((k) => k.prefix).join(", ");
    await recordAudit(tx, actor, {
      action: "key.revoke",
      agentId: agent.id,
      subject: `service key of ${JSON.stringify(agent.entity.name)}`,
      before: { prefix },
      after: null,
    });
    return { revoked: prefix };
  });
}
