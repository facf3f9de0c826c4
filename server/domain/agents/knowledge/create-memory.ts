import type { MemoryAdminDto } from "@/lib/agents/knowledge-dto";
import type { Actor, Deps } from "../../deps";
import { fieldErrors } from "../../errors";
import { recordAudit } from "../../audit/record-audit";
import { ADMIN_PROVENANCE, scopeOf } from "../provenance";
import { requireAgentAdmin } from "../require-agent-admin";
import { type MemoryCreate, memoryCreateInput, parseFields } from "./knowledge-input";
import { memoryFieldsOf, memoryView, requireAgent, nameTakenFor } from "./knowledge-views";
import { loadRunViewer } from "../../runs/redact-run";

/**
 * An admin tells the agent a fact. It has the admin's provenance, so every run sees it. A key
 * already in use is refused rather than overwritten: editing is a separate, audited change.
 */
export async function createMemory({ db }: Pick<Deps, "db">, actor: Actor, input: { agentId: string; memory: MemoryCreate }): Promise<MemoryAdminDto> {
  requireAgentAdmin(actor);
  const data = parseFields(memoryCreateInput, input.memory);
  await requireAgent(db, input.agentId);
  const viewer = await loadRunViewer(db, actor);
  return db.$transaction(async (tx) => {
    // Any scope the admin sees: a second memory under the key would confuse the agent.
    const rows = await tx.memory.findMany({ where: { agentId: input.agentId, key: data.key } });
    if (nameTakenFor(viewer, rows, scopeOf(ADMIN_PROVENANCE.reach)))
      throw fieldErrors({ key: "This agent already has a memory with this key; edit that one instead" });
    const memory = await tx.memory.create({ data: { ...data, agentId: input.agentId, ...ADMIN_PROVENANCE, adminOwned: true } });
    await recordAudit(tx, actor, {
      action: "memory.create",
      agentId: input.agentId,
      subject: `memory ${JSON.stringify(memory.key)}`,
      after: memoryFieldsOf(memory),
    });
    return memoryView(memory, new Map());
  });
}
