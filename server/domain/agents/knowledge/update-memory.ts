import type { MemoryAdminDto } from "@/lib/agents/knowledge-dto";
import type { Actor, Deps } from "../../deps";
import { AppError, fieldErrors } from "../../errors";
import { changedFields, recordAudit } from "../../audit/record-audit";
import { requireAgentAdmin } from "../require-agent-admin";
import { type MemoryUpdate, memoryUpdateInput, parseFields } from "./knowledge-input";
import { memoryFieldsOf, memoryView, originNames, withoutWithheld, nameTakenFor } from "./knowledge-views";
import { loadRunViewer } from "../../runs/redact-run";

/** An admin edits a memory's key or value. It keeps its provenance (see updateGoal) and becomes the admin's: read-only to agents. */
export async function updateMemory(
  { db }: Pick<Deps, "db">,
  actor: Actor,
  input: { agentId: string; memoryId: string; changes: MemoryUpdate },
): Promise<MemoryAdminDto> {
  requireAgentAdmin(actor);
  const changes = withoutWithheld(parseFields(memoryUpdateInput, input.changes));
  const viewer = await loadRunViewer(db, actor);
  return db.$transaction(async (tx) => {
    const found = await tx.memory.findFirst({ where: { id: input.memoryId, agentId: input.agentId } });
    if (!found) throw new AppError("not_found", "Memory not found");
    if (changes.key !== undefined && changes.key !== found.key) {
      const rows = await tx.memory.findMany({ where: { agentId: input.agentId, key: changes.key } });
      if (nameTakenFor(viewer, rows, found.scope)) throw fieldErrors({ key: "This agent already has a memory with this key" });
    }
    const memory = await tx.memory.update({ where: { id: found.id }, data: { ...changes, adminOwned: true } });
    const change = changedFields(memoryFieldsOf(found), memoryFieldsOf(memory));
    if (change) {
      await recordAudit(tx, actor, {
        action: "memory.update",
        agentId: input.agentId,
        subject: `memory ${JSON.stringify(memory.key)}`,
        itemReach: found.reach,
        ...change,
      });
    }
    return memoryView(memory, await originNames(tx, [memory]), viewer);
  });
}
