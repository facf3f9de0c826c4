import type { Deps } from "../deps";
import { getMemories } from "./get-memories";
import type { AgentActor } from "./provenance";

/** Deletes memories by key; keys outside the actor's reach are skipped, not reported. */
export async function deleteMemories(deps: Pick<Deps, "db">, actor: AgentActor, input: { agentId: string; keys: string[] }) {
  const visible = (await getMemories(deps, actor, input)).map((m) => m.key);
  const { count } = await deps.db.memory.deleteMany({ where: { agentId: input.agentId, key: { in: visible } } });
  return { deleted: count };
}
