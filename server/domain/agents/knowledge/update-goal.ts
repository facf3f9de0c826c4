import type { GoalAdminDto } from "@/lib/agents/knowledge-dto";
import type { Actor, Deps } from "../../deps";
import { AppError } from "../../errors";
import { changedFields, recordAudit } from "../../audit/record-audit";
import { requireAgentAdmin } from "../require-agent-admin";
import { type GoalUpdate, goalUpdateInput, parseFields } from "./knowledge-input";
import { goalFieldsOf, goalView, originNames, withoutWithheld } from "./knowledge-views";
import { loadRunViewer } from "../../runs/redact-run";

/**
 * An admin edits a goal. It keeps its provenance: a goal a run made from one audience's words
 * may still hold them, so an edit does not widen who sees it. Once edited it is the admin's:
 * read-only to agents (provenance.ts refusalToChange).
 */
export async function updateGoal(
  { db }: Pick<Deps, "db">,
  actor: Actor,
  input: { agentId: string; goalId: string; changes: GoalUpdate },
): Promise<GoalAdminDto> {
  requireAgentAdmin(actor);
  const changes = withoutWithheld(parseFields(goalUpdateInput, input.changes));
  const viewer = await loadRunViewer(db, actor);
  return db.$transaction(async (tx) => {
    const found = await tx.goal.findFirst({ where: { id: input.goalId, agentId: input.agentId } });
    if (!found) throw new AppError("not_found", "Goal not found");
    const goal = await tx.goal.update({ where: { id: found.id }, data: { ...changes, adminOwned: true } });
    const change = changedFields(goalFieldsOf(found), goalFieldsOf(goal));
    if (change) {
      await recordAudit(tx, actor, {
        action: "goal.update",
        agentId: input.agentId,
        subject: `goal ${JSON.stringify(goal.description)}`,
        itemReach: found.reach,
        ...change,
      });
    }
    return goalView(goal, await originNames(tx, [goal]), viewer);
  });
}
