import type { Deps } from "../deps";
import { AppError } from "../errors";
import { recordAgentChange } from "../audit/record-agent-change";
import { planFieldsOf } from "./knowledge/knowledge-views";
import { type AgentActor, readerReach, visibleWithin } from "./provenance";

/**
 * Deletes plans by id or name; plans outside the actor's reach are skipped, not reported. A run
 * may not delete an admin's plan: the whole call is refused.
 */
export async function deletePlans({ db }: Pick<Deps, "db">, actor: AgentActor, input: { agentId: string; ids?: string[]; names?: string[] }) {
  const { agentId } = input;
  return db.$transaction(async (tx) => {
    const rows = (await tx.plan.findMany({ where: { agentId, OR: [{ id: { in: input.ids ?? [] } }, { name: { in: input.names ?? [] } }] } })).filter(
      visibleWithin(readerReach(actor)),
    );
    if (actor.run && rows.some((r) => r.adminOwned))
      throw new AppError("forbidden", "An admin set one of these plans; it is read-only to agents. Nothing was deleted.");
    const { count } = await tx.plan.deleteMany({ where: { agentId, id: { in: rows.map((r) => r.id) } } });
    for (const r of rows)
      await recordAgentChange(tx, actor, {
        action: "plan.delete",
        agentId,
        subject: `plan ${JSON.stringify(r.name)}`,
        before: planFieldsOf(r),
        itemReach: r.reach,
      });
    return { deleted: count };
  });
}
