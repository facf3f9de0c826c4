import type { Deps } from "../deps";
import { type AgentActor, readerReach, visibleWithin } from "./provenance";

/** Deletes plans by id or name; plans outside the actor's reach are skipped, not reported. */
export async function deletePlans({ db }: Pick<Deps, "db">, actor: AgentActor, input: { agentId: string; ids?: string[]; names?: string[] }) {
  const { agentId } = input;
  const rows = await db.plan.findMany({
    where: { agentId, OR: [{ id: { in: input.ids ?? [] } }, { name: { in: input.names ?? [] } }] },
    select: { id: true, reach: true },
  });
  const { count } = await db.plan.deleteMany({ where: { agentId, id: { in: rows.filter(visibleWithin(readerReach(actor))).map((r) => r.id) } } });
  return { deleted: count };
}
