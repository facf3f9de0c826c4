import type { PlanRunDto } from "@/lib/agents/knowledge-dto";
import { PLAN_RUNS_PAGE } from "@/lib/limits";
import type { Actor, Deps } from "../../deps";
import { AppError } from "../../errors";
import { requireAgentAdmin } from "../require-agent-admin";

/** The runs one plan produced, newest first (at most PLAN_RUNS_PAGE), and how many in all. Admins only. */
export async function listPlanRuns(
  { db }: Pick<Deps, "db">,
  actor: Actor,
  input: { agentId: string; planId: string },
): Promise<{ runs: PlanRunDto[]; total: number }> {
  requireAgentAdmin(actor);
  const plan = await db.plan.findFirst({ where: { id: input.planId, agentId: input.agentId }, select: { id: true } });
  if (!plan) throw new AppError("not_found", "Plan not found");
  const [rows, total] = await Promise.all([
    db.run.findMany({
      where: { planId: plan.id },
      orderBy: [{ queuedAt: "desc" }, { id: "desc" }],
      take: PLAN_RUNS_PAGE,
      select: { id: true, status: true, queuedAt: true, endedAt: true },
    }),
    db.run.count({ where: { planId: plan.id } }),
  ]);
  return { runs: rows.map((r) => ({ id: r.id, status: r.status, queuedAt: r.queuedAt.toISOString(), endedAt: r.endedAt?.toISOString() ?? null })), total };
}
