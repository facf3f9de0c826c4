import type { Deps } from "../deps";
import { AppError } from "../errors";
import { recordAgentChange } from "../audit/record-agent-change";
import { type AgentActor, readerReach, visibleWithin } from "./provenance";

/**
 * Deletes memories by key; keys outside the actor's reach are skipped, not reported (a hidden
 * key answers as a free one). A run may not delete an admin's memory: the whole call is refused.
 */
export async function deleteMemories({ db }: Pick<Deps, "db">, actor: AgentActor, input: { agentId: string; keys: string[] }) {
  const { agentId } = input;
  return db.$transaction(async (tx) => {
    const rows = (await tx.memory.findMany({ where: { agentId, key: { in: input.keys } } })).filter(visibleWithin(readerReach(actor)));
    if (actor.run && rows.some((r) => r.adminOwned))
      throw new AppError("forbidden", "An admin set one of these memories; it is read-only to agents. Nothing was deleted.");
    const { count } = await tx.memory.deleteMany({ where: { agentId, id: { in: rows.map((r) => r.id) } } });
    for (const r of rows)
      await recordAgentChange(tx, actor, {
        action: "memory.delete",
        agentId,
        subject: `memory ${JSON.stringify(r.key)}`,
        before: { key: r.key, value: r.value },
        itemReach: r.reach,
      });
    return { deleted: count };
  });
}
