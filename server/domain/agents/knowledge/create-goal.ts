import type { GoalAdminDto } from "@/lib/agents/knowledge-dto";
import type { Actor, Deps } from "../../deps";
import { recordAudit } from "../../audit/record-audit";
import { ADMIN_PROVENANCE } from "../provenance";
import { requireAgentAdmin } from "../require-agent-admin";
import { type GoalCreate, goalCreateInput, parseFields } from "./knowledge-input";
import { goalFieldsOf, goalView, requireAgent } from "./knowledge-views";

/** An admin gives the agent a goal. It has the admin's provenance, so every run of the agent sees it. */
export async function createGoal({ db }: Pick<Deps, "db">, actor: Actor, input: { agentId: string; goal: GoalCreate }): Promise<GoalAdminDto> {
  requireAgentAdmin(actor);
  const data = parseFields(goalCreateInput, input.goal);
  await requireAgent(db, input.agentId);
  return db.$transaction(async (tx) => {
    const goal = await tx.goal.create({ data: { ...data, agentId: input.agentId, ...ADMIN_PROVENANCE, adminOwned: true } });
    await recordAudit(tx, actor, {
      action: "goal.create",
      agentId: input.agentId,
      subject: `goal ${JSON.stringify(goal.description)}`,
      after: goalFieldsOf(goal),
    });
    return goalView(goal, new Map());
  });
}
