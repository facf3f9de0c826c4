import type { Deps } from "../deps";
import { type AgentActor, readerReach, visibleWithin } from "./provenance";

/** Deletes goals by id; ids outside the actor's reach are skipped, not reported. */
export async function deleteGoals({ db }: Pick<Deps, "db">, actor: AgentActor, input: { agentId: string; ids: string[] }) {
  const { agentId } = input;
  const rows = await db.goal.findMany({ where: { agentId, id: { in: input.ids } }, select: { id: true, reach: true } });
  const visible = rows.filter(visibleWithin(readerReach(actor))).map((r) => r.id);
  const { count } = await db.goal.deleteMany({ where: { agentId, id: { in: visible } } });
  return { deleted: count };
}
