// Per-agent secret keys for service triggers. The key is shown once; only its SHA-256 is
// stored (keys are long random strings, so a fast hash is enough — there is nothing to
// brute-force), and lookups go through the hash's unique index. The prefix ("pk_" and five
// characters) is stored in the clear so admins can tell keys apart; it is not enough to use one.
import { createHash, randomBytes } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "../../../db/client";

export const hashServiceKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** How many characters of a key are kept in the clear. */
const PREFIX_LENGTH = 8;

/**
 * Revokes the agent's live keys and creates a new one, in the caller's transaction (so an
 * audit entry can go in the same one). Returns the plain key, once.
 */
export async function issueServiceKey(
  tx: Db | Prisma.TransactionClient,
  agentId: string,
  opts: { name?: string; spaceIds?: string[]; now?: Date } = {},
): Promise<{ id: string; key: string; prefix: string; spaceIds: string[]; createdAt: Date }> {
  const spaceIds = opts.spaceIds ?? [];
  const key = `pk_${randomBytes(24).toString("base64url")}`;
  const prefix = key.slice(0, PREFIX_LENGTH);
  const now = opts.now ?? new Date();
  await tx.serviceKey.updateMany({ where: { agentId, revokedAt: null }, data: { revokedAt: now } });
  const row = await tx.serviceKey.create({
    data: { agentId, name: opts.name ?? "default", keyHash: hashServiceKey(key), prefix, spaceIds, createdAt: now },
    select: { id: true, createdAt: true },
  });
  return { id: row.id, key, prefix, spaceIds, createdAt: row.createdAt };
}
