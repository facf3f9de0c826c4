import type { PlanAdminDto } from "@/lib/agents/knowledge-dto";
import type { Actor, Deps } from "../../deps";
import { AppError } from "../../errors";
import { recordAudit } from "../../audit/record-audit";
import { nextCronTime } from "../schedule";
import { requireAgentAdmin } from "../require-agent-admin";
import { planAdminViews } from "./plan-admin-view";
import { loadRunViewer } from "../../runs/redact-run";

/**
 * Pauses an active plan (the scheduler fires only active ones) or resumes a paused one. A
 * resumed cron plan continues from now, so the times it missed while paused do not fire; a
 * one-time plan whose time passed while paused fires at once. A plan an admin paused or resumed
 * is the admin's from then on: an agent re-setting it would undo the pause.
 */
export async function setPlanPaused(
  { db }: Pick<Deps, "db">,
  actor: Actor,
  input: { agentId: string; planId: string; paused: boolean; now: Date },
): Promise<PlanAdminDto> {
  requireAgentAdmin(actor);
  const from = input.paused ? "active" : "paused";
  const viewer = await loadRunViewer(db, actor);
  return db.$transaction(async (tx) => {
    const found = await tx.plan.findFirst({ where: { id: input.planId, agentId: input.agentId } });
    if (!found) throw new AppError("not_found", "Plan not found");
    if (found.status !== from) throw new AppError("conflict", `Only ${from} plans can be ${input.paused ? "paused" : "resumed"}; this one is ${found.status}`);
    const nextRunAt = !input.paused && found.cron && found.nextRunAt && found.nextRunAt < input.now ? nextCronTime(found.cron, input.now) : found.nextRunAt;
    // Conditional on the status read, so two clicks change it (and are audited) once.
    const { count } = await tx.plan.updateMany({
      where: { id: found.id, status: from },
      data: { status: input.paused ? "paused" : "active", nextRunAt, adminOwned: true },
    });
    if (count === 1) {
      await recordAudit(tx, actor, {
        action: input.paused ? "plan.pause" : "plan.resume",
        agentId: input.agentId,
        subject: `plan ${JSON.stringify(found.name)}`,
        itemReach: found.reach,
        before: { status: found.status },
        after: { status: input.paused ? "paused" : "active" },
      });
    }
    const plan = await tx.plan.findUniqueOrThrow({ where: { id: found.id } });
    return (await planAdminViews(tx, [plan], viewer))[0]!;
  });
}
