import type { Actor, Deps } from "../../deps";
import { AppError } from "../../errors";
import { recordAudit } from "../../audit/record-audit";
import { requireAgentAdmin } from "../require-agent-admin";
import { planFieldsOf } from "./knowledge-views";

/** An admin deletes a plan: it fires no more. Runs it already started keep going (cancel them on the run's page). */
export async function deletePlan({ db }: Pick<Deps, "db">, actor: Actor, input: { agentId: string; planId: string }): Promise<void> {
  requireAgentAdmin(actor);
  await db.$transaction(async (tx) => {
    const found = await tx.plan.findFirst({ where: { id: input.planId, agentId: input.agentId } });
    if (!found) throw new AppError("not_found", "Plan not found");
    await tx.plan.delete({ where: { id: found.id } });
    await recordAudit(tx, actor, {
      action: "plan.delete",
      agentId: input.agentId,
      subject: `plan ${JSON.stringify(found.name)}`,
      itemReach: found.reach,
      before: planFieldsOf(found),
    });
  });
}
