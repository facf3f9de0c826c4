// Saving an agent's memories (key → value facts injected into every run). Used by the agent's
// tools and admins alike, so both enforce the same rules. Each memory carries its writer's
// provenance. A run changes only a memory made for exactly its reach and not owned by an admin
// (provenance.ts refusalToChange); a key it cannot see is a free key to it: it gets a memory
// of its own under that key (a separate scope), and the hidden one is neither touched nor revealed.
// Errors name the item by its position, never by the key the model wrote.
import type { Deps } from "../deps";
import { AppError } from "../errors";
import { recordAgentChange } from "../audit/record-agent-change";
import { MAX_MEMORY_KEY, MAX_MEMORY_VALUE } from "./memory-limits";
import { type AgentActor, refusalToChange, scopeOf, visibleWithin, writerProvenance } from "./provenance";

export async function setMemories({ db }: Pick<Deps, "db">, actor: AgentActor, input: { agentId: string; memories: { key: string; value: string }[] }) {
  const { agentId } = input;
  const items = input.memories.map((m) => ({ key: m.key.trim(), value: m.value }));
  items.forEach(({ key, value }, i) => {
    if (!key || key.length > MAX_MEMORY_KEY) throw new AppError("bad_request", `memories[${i}]: keys are 1–${MAX_MEMORY_KEY} characters`);
    if (value.length > MAX_MEMORY_VALUE) throw new AppError("payload_too_large", `memories[${i}]: values are at most ${MAX_MEMORY_VALUE} characters`);
  });
  const from = writerProvenance(actor);
  const scope = scopeOf(from.reach);
  return db.$transaction(async (tx) => {
    const out = [];
    for (const [i, { key, value }] of items.entries()) {
      const rows = await tx.memory.findMany({ where: { agentId, key } });
      if (actor.run) {
        const run = actor.run;
        for (const row of rows.filter(visibleWithin(run.reach))) {
          const refusal = refusalToChange(run, row, "memory");
          if (refusal) throw new AppError("forbidden", `memories[${i}]: ${refusal}`);
        }
      }
      const mine = rows.find((r) => r.scope === scope);
      const saved = mine
        ? await tx.memory.update({ where: { id: mine.id }, data: { value, ...(actor.run ? {} : { adminOwned: true }) } })
        : await tx.memory.create({ data: { agentId, key, value, scope, originSpaceId: from.originSpaceId, reach: from.reach, adminOwned: !actor.run } });
      if (!mine || mine.value !== value) {
        await recordAgentChange(tx, actor, {
          action: mine ? "memory.update" : "memory.create",
          agentId,
          subject: `memory ${JSON.stringify(key)}`,
          before: mine ? { value: mine.value } : null,
          after: mine ? { value } : { key, value },
          itemReach: saved.reach,
        });
      }
      out.push({ key: saved.key, value: saved.value });
    }
    return out;
  });
}
