import type { PlanAdminDto } from "@/lib/agents/knowledge-dto";
import type { Actor, Deps } from "../../deps";
import { fieldErrors } from "../../errors";
import { recordAudit } from "../../audit/record-audit";
import { ADMIN_PROVENANCE, scopeOf } from "../provenance";
import { requireAgentAdmin } from "../require-agent-admin";
import { type PlanCreate, parseFields, planCreateInput } from "./knowledge-input";
import { planFieldsOf, requireAgent, nameTakenFor } from "./knowledge-views";
import { planAdminViews } from "./plan-admin-view";
import { scheduleFromForm } from "./plan-schedule";
import { loadRunViewer } from "../../runs/redact-run";

/**
 * An admin gives the agent a plan. Admin provenance makes it visible to every run; the admin
 * is the person its runs act for, so they reach the spaces that admin and the agent share when
 * it fires (server/agents/plans/plan-run-reach.ts), like a run an admin's message starts.
 */
export async function createPlan({ db }: Pick<Deps, "db">, actor: Actor, input: { agentId: string; plan: PlanCreate; now: Date }): Promise<PlanAdminDto> {
  requireAgentAdmin(actor);
  const { name, instruction, ...schedule } = parseFields(planCreateInput, input.plan);
  const times = scheduleFromForm(schedule, input.now);
  await requireAgent(db, input.agentId);
  const viewer = await loadRunViewer(db, actor);
  return db.$transaction(async (tx) => {
    const rows = await tx.plan.findMany({ where: { agentId: input.agentId, name } });
    if (nameTakenFor(viewer, rows, scopeOf(ADMIN_PROVENANCE.reach))) throw fieldErrors({ name: "This agent already has a plan with this name" });
    const plan = await tx.plan.create({
      data: { agentId: input.agentId, name, instruction, ...times, status: "active", ...ADMIN_PROVENANCE, adminOwned: true, requesterId: actor.entityId },
    });
    await recordAudit(tx, actor, { action: "plan.create", agentId: input.agentId, subject: `plan ${JSON.stringify(name)}`, after: planFieldsOf(plan) });
    return (await planAdminViews(tx, [plan]))[0]!;
  });
}
