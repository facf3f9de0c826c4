// Saving an agent's memories (key → value facts injected into every run). Used by the agent's
// tools and admins alike, so both enforce the same rules. Each memory carries its writer's
// provenance; a run may not overwrite a key its reach does not cover.
import type { Deps } from "../deps";
import { AppError } from "../errors";
import { MAX_MEMORY_KEY, MAX_MEMORY_VALUE } from "./memory-limits";
import { type AgentActor, writerProvenance, readerReach, visibleWithin } from "./provenance";

export async function setMemories({ db }: Pick<Deps, "db">, actor: AgentActor, input: { agentId: string; memories: { key: string; value: string }[] }) {
  const { agentId, memories: items } = input;
  const within = readerReach(actor);
  for (const { key, value } of items) {
    if (!key.trim() || key.length > MAX_MEMORY_KEY) throw new AppError("bad_request", `Memory keys are 1–${MAX_MEMORY_KEY} characters`);
    if (value.length > MAX_MEMORY_VALUE) throw new AppError("payload_too_large", `Memory values are at most ${MAX_MEMORY_VALUE} characters`);
  }
  // A key this writer may not see is not overwritten (that would destroy or re-scope another
  // audience's memory); the refusal does not say what the key holds.
  if (within) {
    const taken = await db.memory.findMany({ where: { agentId, key: { in: items.map((i) => i.key.trim()) } }, select: { key: true, reach: true } });
    const hidden = taken.find((m) => !visibleWithin(within)(m));
    if (hidden) throw new AppError("conflict", `The memory key ${JSON.stringify(hidden.key)} is taken; choose another key.`);
  }
  // Overwriting takes the writer's provenance: the value now comes from this run.
  const from = writerProvenance(actor);
  const data = { originSpaceId: from.originSpaceId, reach: from.reach };
  return db.$transaction(
    items.map(({ key, value }) =>
      db.memory.upsert({
        where: { agentId_key: { agentId, key: key.trim() } },
        create: { agentId, key: key.trim(), value, ...data },
        update: { value, ...data },
        select: { key: true, value: true },
      }),
    ),
  );
}
