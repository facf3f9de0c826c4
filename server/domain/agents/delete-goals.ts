import type { Deps } from "../deps";
import { AppError } from "../errors";
import { recordAgentChange } from "../audit/record-agent-change";
import { goalFieldsOf } from "./knowledge/knowledge-views";
import { type AgentActor, readerReach, visibleWithin } from "./provenance";

/**
 * Deletes goals by id; ids outside the actor's reach are skipped, not reported. A run may not
 * delete an admin's goal: the whole call is refused.
 */
export async function deleteGoals({ db }: Pick<Deps, "db">, actor: AgentActor, input: { agentId: string; ids: string[] }) {
  const { agentId } = input;
  return db.$transaction(async (tx) => {
    const rows = (await tx.goal.findMany({ where: { agentId, id: { in: input.ids } } })).filter(visibleWithin(readerReach(actor)));
    if (actor.run && rows.some((r) => r.adminOwned))
      throw new AppError("forbidden", "An admin set one of these goals; it is read-only to agents. Nothing was deleted.");
    const { count } = await tx.goal.deleteMany({ where: { agentId, id: { in: rows.map((r) => r.id) } } });
    for (const r of rows)
      await recordAgentChange(tx, actor, {
        action: "goal.delete",
        agentId,
        subject: `goal ${JSON.stringify(r.description)}`,
        before: goalFieldsOf(r),
        itemReach: r.reach,
      });
    return { deleted: count };
  });
}
