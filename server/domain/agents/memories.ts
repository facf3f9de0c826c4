// An agent's memories: key → value facts injected into every run. Used by the agent's
// tools and (later) the admin panel, so both enforce the same rules.
import type { Db } from "../../db/client";
import { AppError } from "../errors";

export const MAX_MEMORY_KEY = 100;
export const MAX_MEMORY_VALUE = 2000;

export async function setMemories(db: Db, agentId: string, items: { key: string; value: string }[]) {
  for (const { key, value } of items) {
    if (!key.trim() || key.length > MAX_MEMORY_KEY) throw new AppError("bad_request", `Memory keys are 1–${MAX_MEMORY_KEY} characters`);
    if (value.length > MAX_MEMORY_VALUE) throw new AppError("payload_too_large", `Memory values are at most ${MAX_MEMORY_VALUE} characters`);
  }
  return db.$transaction(
    items.map(({ key, value }) =>
      db.memory.upsert({
        where: { agentId_key: { agentId, key: key.trim() } },
        create: { agentId, key: key.trim(), value },
        update: { value },
        select: { key: true, value: true },
      }),
    ),
  );
}

export async function getMemories(db: Db, agentId: string, keys?: string[]) {
  return db.memory.findMany({
    where: { agentId, ...(keys?.length ? { key: { in: keys } } : {}) },
    orderBy: { key: "asc" },
    select: { key: true, value: true, updatedAt: true },
  });
}

export async function deleteMemories(db: Db, agentId: string, keys: string[]) {
  const { count } = await db.memory.deleteMany({ where: { agentId, key: { in: keys } } });
  return { deleted: count };
}
