import type { Deps } from "../deps";
import { type AgentActor, readerReach, visibleWithin } from "./provenance";

/** An agent's goals, active first then by priority: all of them for an admin, for a run those its reach covers. */
export async function listGoals({ db }: Pick<Deps, "db">, actor: AgentActor, input: { agentId: string }) {
  const rows = await db.goal.findMany({ where: { agentId: input.agentId }, orderBy: [{ status: "asc" }, { priority: "asc" }] });
  return rows.filter(visibleWithin(readerReach(actor)));
}
