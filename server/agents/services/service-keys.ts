// Per-agent secret keys for service triggers. The key is shown once;
// only its SHA-256 is stored (keys are long random strings, so a fast hash is enough —
// there is nothing to brute-force), and lookups go through the hash's unique index.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../db/client";

const hash = (key: string) => createHash("sha256").update(key).digest("hex");

/**
 * Creates a key for the agent, revoking its earlier ones (rotation). Returns the plain key once.
 * `spaceIds` narrows what runs started with the key may reach; empty means all the agent's spaces.
 */
export async function rotateServiceKey(
  db: Db,
  agentId: string,
  opts: { name?: string; spaceIds?: string[] } = {},
): Promise<{ key: string; prefix: string; spaceIds: string[] }> {
  const name = opts.name ?? "default";
  const spaceIds = opts.spaceIds ?? [];
  const key = `pk_${randomBytes(24).toString("base64url")}`;
  const prefix = key.slice(0, 8);
  await db.$transaction([
    db.serviceKey.updateMany({ where: { agentId, revokedAt: null }, data: { revokedAt: new Date() } }),
    db.serviceKey.create({ data: { agentId, name, keyHash: hash(key), prefix, spaceIds } }),
  ]);
  return { key, prefix, spaceIds };
}

export interface VerifiedServiceKey {
  id: string;
  /** The key's narrower reach; empty = all the agent's spaces. */
  spaceIds: string[];
}

/** The key, when `key` is a live key of this agent; else null. */
export async function verifyServiceKey(db: Db, agentId: string, key: string): Promise<VerifiedServiceKey | null> {
  if (!key || key.length > 200) return null;
  const row = await db.serviceKey.findUnique({
    where: { keyHash: hash(key) },
    select: { id: true, agentId: true, revokedAt: true, spaceIds: true, agent: { select: { archivedAt: true } } },
  });
  // Archiving revokes the keys too; checking here keeps a deleted agent's key dead whatever happens to the key row.
  if (!row || row.agentId !== agentId || row.revokedAt || row.agent.archivedAt) return null;
  await db.serviceKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  return { id: row.id, spaceIds: row.spaceIds };
}
