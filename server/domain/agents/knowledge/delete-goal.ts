import type { Actor, Deps } from "../../deps";
import { AppError } from "../../errors";
import { recordAudit } from "../../audit/record-audit";
import { requireAgentAdmin } from "../require-agent-admin";
import { goalFieldsOf } from "./knowledge-views";

/** An admin deletes one of the agent's goals, whoever made it. */
export async function deleteGoal({ db }: Pick<Deps, "db">, actor: Actor, input: { agentId: string; goalId: string }): Promise<void> {
  requireAgentAdmin(actor);
  await db.$transaction(async (tx) => {
    const found = await tx.goal.findFirst({ where: { id: input.goalId, agentId: input.agentId } });
    if (!found) throw new AppError("not_found", "Goal not found");
    await tx.goal.delete({ where: { id: found.id } });
    await recordAudit(tx, actor, {
      action: "goal.delete",
      agentId: input.agentId,
      subject: `goal ${JSON.stringify(found.description)}`,
      itemReach: found.reach,
      before: goalFieldsOf(found),
    });
  });
}
