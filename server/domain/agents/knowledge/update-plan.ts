import type { PlanAdminDto } from "@/lib/agents/knowledge-dto";
import type { Actor, Deps } from "../../deps";
import { AppError, fieldErrors } from "../../errors";
import { changedFields, recordAudit } from "../../audit/record-audit";
import { requireAgentAdmin } from "../require-agent-admin";
import { type PlanUpdate, parseFields, planUpdateInput } from "./knowledge-input";
import { planFieldsOf, withoutWithheld, nameTakenFor } from "./knowledge-views";
import { planAdminViews } from "./plan-admin-view";
import { hasSchedule, scheduleFromForm } from "./plan-schedule";
import { loadRunViewer } from "../../runs/redact-run";

/**
 * An admin edits a plan's name, instruction or schedule. A new schedule starts counting from
 * now, and brings a finished plan back (a paused one stays paused). The plan keeps its
 * provenance and the person its runs act for (see updateGoal), and becomes the admin's:
 * read-only to agents.
 */
export async function updatePlan(
  { db }: Pick<Deps, "db">,
  actor: Actor,
  input: { agentId: string; planId: string; changes: PlanUpdate; now: Date },
): Promise<PlanAdminDto> {
  requireAgentAdmin(actor);
  const { name, instruction, ...schedule } = withoutWithheld(parseFields(planUpdateInput, input.changes));
  const times = hasSchedule(input.changes) ? scheduleFromForm(schedule, input.now) : null;
  const viewer = await loadRunViewer(db, actor);
  return db.$transaction(async (tx) => {
    const found = await tx.plan.findFirst({ where: { id: input.planId, agentId: input.agentId } });
    if (!found) throw new AppError("not_found", "Plan not found");
    if (name !== undefined && name !== found.name) {
      const rows = await tx.plan.findMany({ where: { agentId: input.agentId, name } });
      if (nameTakenFor(viewer, rows, found.scope)) throw fieldErrors({ name: "This agent already has a plan with this name" });
    }
    const plan = await tx.plan.update({
      where: { id: found.id },
      data: {
        name,
        instruction,
        adminOwned: true,
        ...(times && { ...times, status: found.status === "paused" ? "paused" : "active" }),
      },
    });
    const change = changedFields(planFieldsOf(found), planFieldsOf(plan));
    if (change) {
      await recordAudit(tx, actor, {
        action: "plan.update",
        agentId: input.agentId,
        subject: `plan ${JSON.stringify(plan.name)}`,
        itemReach: found.reach,
        ...change,
      });
    }
    return (await planAdminViews(tx, [plan], viewer))[0]!;
  });
}
