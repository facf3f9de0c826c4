// An agent's memories: key → value facts injected into every run. Used by the agent's
// tools and (later) the admin panel, so both enforce the same rules. Each memory carries
// its provenance; `within` limits reads and deletes to what a run's reach may see.
import type { Db } from "../../db/client";
import { AppError } from "../errors";
import { ADMIN_PROVENANCE, visibleWithin, type Provenance } from "./provenance";

export const MAX_MEMORY_KEY = 100;
export const MAX_MEMORY_VALUE = 2000;

/** `within` (a run's reach) limits which existing keys the writer may overwrite; admins pass none. */
export async function setMemories(
  db: Db,
  agentId: string,
  items: { key: string; value: string }[],
  from: Provenance = ADMIN_PROVENANCE,
  within?: readonly string[],
) {
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

export async function getMemories(db: Db, agentId: string, keys?: string[], within?: readonly string[]) {
  const rows = await db.memory.findMany({
    where: { agentId, ...(keys?.length ? { key: { in: keys } } : {}) },
    orderBy: { key: "asc" },
    select: { key: true, value: true, updatedAt: true, reach: true, originSpaceId: true },
  });
  return rows.filter(visibleWithin(within));
}

export async function deleteMemories(db: Db, agentId: string, keys: string[], within?: readonly string[]) {
  const visible = (await getMemories(db, agentId, keys, within)).map((m) => m.key);
  const { count } = await db.memory.deleteMany({ where: { agentId, key: { in: visible } } });
  return { deleted: count };
}
