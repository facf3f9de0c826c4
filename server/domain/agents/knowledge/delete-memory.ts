import type { Actor, Deps } from "../../deps";
import { AppError } from "../../errors";
import { recordAudit } from "../../audit/record-audit";
import { requireAgentAdmin } from "../require-agent-admin";
import { memoryFieldsOf } from "./knowledge-views";

/** An admin deletes one of the agent's memories, whoever wrote it. */
export async function deleteMemory({ db }: Pick<Deps, "db">, actor: Actor, input: { agentId: string; memoryId: string }): Promise<void> {
  requireAgentAdmin(actor);
  await db.$transaction(async (tx) => {
    const found = await tx.memory.findFirst({ where: { id: input.memoryId, agentId: input.agentId } });
    if (!found) throw new AppError("not_found", "Memory not found");
    await tx.memory.delete({ where: { id: found.id } });
    await recordAudit(tx, actor, {
      action: "memory.delete",
      agentId: input.agentId,
      subject: `memory ${JSON.stringify(found.key)}`,
      itemReach: found.reach,
      before: memoryFieldsOf(found),
    });
  });
}
