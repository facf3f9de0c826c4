import type { PlanAdminDto } from "@/lib/agents/knowledge-dto";
import type { Actor, Deps } from "../../deps";
import { requireAgentAdmin } from "../require-agent-admin";
import { requireAgent } from "./knowledge-views";
import { planAdminViews } from "./plan-admin-view";
import { loadRunViewer } from "../../runs/redact-run";

/** Every plan of the agent, whoever made it, active first then by next run, each with its newest runs. Admins only. */
export async function listPlans({ db }: Pick<Deps, "db">, actor: Actor, input: { agentId: string }): Promise<PlanAdminDto[]> {
  requireAgentAdmin(actor);
  await requireAgent(db, input.agentId);
  const plans = await db.plan.findMany({ where: { agentId: input.agentId }, orderBy: [{ status: "asc" }, { nextRunAt: "asc" }, { name: "asc" }], take: 200 });
  return planAdminViews(db, plans, await loadRunViewer(db, actor));
}
