import type { MemoryAdminDto } from "@/lib/agents/knowledge-dto";
import type { Actor, Deps } from "../../deps";
import { requireAgentAdmin } from "../require-agent-admin";
import { memoryView, originNames, requireAgent } from "./knowledge-views";
import { loadRunViewer } from "../../runs/redact-run";

/** Every memory of the agent, whoever wrote it, by key. Admins only. */
export async function listMemories({ db }: Pick<Deps, "db">, actor: Actor, input: { agentId: string }): Promise<MemoryAdminDto[]> {
  requireAgentAdmin(actor);
  await requireAgent(db, input.agentId);
  const rows = await db.memory.findMany({ where: { agentId: input.agentId }, orderBy: { key: "asc" }, take: 1000 });
  const [names, viewer] = await Promise.all([originNames(db, rows), loadRunViewer(db, actor)]);
  return rows.map((m) => memoryView(m, names, viewer));
}
