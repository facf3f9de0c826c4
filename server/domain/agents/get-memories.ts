import type { Deps } from "../deps";
import { type AgentActor, readerReach, visibleWithin } from "./provenance";

/** An agent's memories (optionally only `keys`), by key: all for an admin, for a run those its reach covers. */
export async function getMemories({ db }: Pick<Deps, "db">, actor: AgentActor, input: { agentId: string; keys?: string[] }) {
  const { keys } = input;
  const rows = await db.memory.findMany({
    where: { agentId: input.agentId, ...(keys?.length ? { key: { in: keys } } : {}) },
    orderBy: { key: "asc" },
    select: { key: true, value: true, updatedAt: true, reach: true, originSpaceId: true },
  });
  return rows.filter(visibleWithin(readerReach(actor)));
}
