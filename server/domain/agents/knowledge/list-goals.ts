import type { GoalAdminDto } from "@/lib/agents/knowledge-dto";
import type { Actor, Deps } from "../../deps";
import { requireAgentAdmin } from "../require-agent-admin";
import { goalView, originNames, requireAgent } from "./knowledge-views";
import { loadRunViewer } from "../../runs/redact-run";

/** Every goal of the agent, whoever made it, active first, then by priority. Admins only. */
export async function listGoals({ db }: Pick<Deps, "db">, actor: Actor, input: { agentId: string }): Promise<GoalAdminDto[]> {
  requireAgentAdmin(actor);
  await requireAgent(db, input.agentId);
  const rows = await db.goal.findMany({
    where: { agentId: input.agentId },
    orderBy: [{ status: "asc" }, { priority: "asc" }, { createdAt: "asc" }],
    take: 500,
  });
  const [names, viewer] = await Promise.all([originNames(db, rows), loadRunViewer(db, actor)]);
  return rows.map((g) => goalView(g, names, viewer));
}
