// Service keys as the gateway and scripts use them: rotate without an admin actor (the
// `agent-key` script, tests) and verify a key a service sends. Admins rotate and revoke
// through server/domain/agents/service-keys, which also records the change in the audit log.
import type { Db } from "../../db/client";
import { hashServiceKey, issueServiceKey } from "../../domain/agents/service-keys/key-store";

/**
 * Creates a key for the agent, revoking its earlier ones (rotation). Returns the plain key once.
 * `spaceIds` narrows what runs started with the key may reach; empty means all the agent's spaces.
 */
export async function rotateServiceKey(
  db: Db,
  agentId: string,
  opts: { name?: string; spaceIds?: string[] } = {},
): Promise<{ key: string; prefix: string; spaceIds: string[] }> {
  const { key, prefix, spaceIds } = await db.$transaction((tx) => issueServiceKey(tx, agentId, opts));
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
    where: { keyHash: hashServiceKey(key) },
    select: { id: true, agentId: true, revokedAt: true, spaceIds: true, agent: { select: { archivedAt: true } } },
  });
  // Archiving revokes the keys too; checking here keeps a deleted agent's key dead whatever happens to the key row.
  if (!row || row.agentId !== agentId || row.revokedAt || row.agent.archivedAt) return null;
  await db.serviceKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  return { id: row.id, spaceIds: row.spaceIds };
}
