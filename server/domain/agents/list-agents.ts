import type { Actor, Deps } from "../deps";
import { agentView } from "./agent-settings";

/**
 * Every agent with its model and behaviour settings. Admins only: the HTTP adapter checks
 * the actor (before reading any body), so the domain does not repeat it.
 */
export async function listAgents({ db }: Pick<Deps, "db">, _actor: Actor) {
  const rows = await db.agent.findMany({ select: agentView, orderBy: { entity: { name: "asc" } } });
  return rows.map(({ entity, ...a }) => ({ ...a, name: entity.name }));
}
