// Service keys as the gateway and scripts use them: rotate without an admin actor (the
// `agent-key` script, tests) and verify a key a service sends. Admins rotate and revoke
// through server/domain/agents/service-keys, which also records the change in the audit log.
import type { Db } from "../../db/client";
import { checkKeySpaces, hashServiceKey, issueServiceKey } from "../../domain/agents/service-keys/key-store";

/**
 * Creates a key for the agent, revoking its earlier ones (rotation). Returns the plain key once.
 * `spaceIds` (non-empty, each a space the agent is in) is all that runs started with the key may reach.
 */
export async function rotateServiceKey(
  db: Db,
  agentId: string,
  opts: { name?: string; spaceIds: string[] },
): Promise<{ key: string; prefix: string; spaceIds: string[] }> {
  const agent = await db.agent.findUniqueOrThrow({ where: { id: agentId }, select: { entityId: true } });
  await checkKeySpaces(db, agent.entityId, opts.spaceIds, null);
  const { key, prefix, spaceIds } = await db.$transaction((tx) => issueServiceKey(tx, agentId, { ...opts, createdById: null }));
  return { key, prefix, spaceIds };
}

export interface VerifiedServiceKey {
  id: string;
  /** The spaces the key's runs may reach; empty only on a key made before every key had a list. */
  spaceIds: string[];
  /** Who made it: an old key without a list reaches only the spaces its agent shares with them. */
  createdById: string | null;
}

/** The key, when `key` is a live key of this agent; else null. */
export async function verifyServiceKey(db: Db, agentId: string, key: string): Promise<VerifiedServiceKey | null> {
  if (!key || key.length > 200) return null;
  const row = await db.serviceKey.findUnique({
    where: { keyHash: hashServiceKey(key) },
    select: { id: true, agentId: true, revokedAt: true, spaceIds: true, createdById: true, agent: { select: { archivedAt: true } } },
  });
  // Archiving revokes the keys too; checking here keeps a deleted agent's key dead whatever happens to the key row.
  if (!row || row.agentId !== agentId || row.revokedAt || row.agent.archivedAt) return null;
  await db.serviceKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  return { id: row.id, spaceIds: row.spaceIds, createdById: row.createdById };
}
