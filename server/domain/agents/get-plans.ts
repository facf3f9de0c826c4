import type { Deps } from "../deps";
import { toPlanView } from "./plan-view";
import { type AgentActor, readerReach, visibleWithin } from "./provenance";

/** An agent's plans, active first then by next run: all for an admin, for a run those its reach covers. */
export async function getPlans({ db }: Pick<Deps, "db">, actor: AgentActor, input: { agentId: string }) {
  const rows = await db.plan.findMany({ where: { agentId: input.agentId }, orderBy: [{ status: "asc" }, { nextRunAt: "asc" }] });
  return rows.filter(visibleWithin(readerReach(actor))).map(toPlanView);
}
