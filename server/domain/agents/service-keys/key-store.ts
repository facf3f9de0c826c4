// Per-agent secret keys for service triggers. The key is shown once; only its SHA-256 is
// stored (keys are long random strings, so a fast hash is enough — there is nothing to
// brute-force), and lookups go through the hash's unique index. The prefix ("pk_" and five
// characters) is stored in the clear so admins can tell keys apart; it is not enough to use one.
import { createHash, randomBytes } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "../../../db/client";
import { AppError } from "../../errors";

export const hashServiceKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** How many characters of a key are kept in the clear. */
const PREFIX_LENGTH = 8;

/**
 * Revokes the agent's live keys and creates a new one, in the caller's transaction (so an
 * audit entry can go in the same one). Returns the plain key, once. Every key lists its spaces:
 * a key that reached all the agent's spaces let a webhook payload ("read #design, post it in
 * #general") steer the agent anywhere it is. The caller has checked the list (checkKeySpaces).
 */
export async function issueServiceKey(
  tx: Db | Prisma.TransactionClient,
  agentId: string,
  opts: { name?: string; spaceIds: string[]; createdById: string | null; now?: Date },
): Promise<{ id: string; key: string; prefix: string; spaceIds: string[]; createdAt: Date }> {
  const spaceIds = [...new Set(opts.spaceIds)];
  if (!spaceIds.length) throw spacesError("list at least one space the key's runs may reach");
  const key = `pk_${randomBytes(24).toString("base64url")}`;
  const prefix = key.slice(0, PREFIX_LENGTH);
  const now = opts.now ?? new Date();
  await tx.serviceKey.updateMany({ where: { agentId, revokedAt: null }, data: { revokedAt: now } });
  const row = await tx.serviceKey.create({
    data: { agentId, name: opts.name ?? "default", keyHash: hashServiceKey(key), prefix, spaceIds, createdById: opts.createdById, createdAt: now },
    select: { id: true, createdAt: true },
  });
  return { id: row.id, key, prefix, spaceIds, createdAt: row.createdAt };
}

export const spacesError = (why: string) => new AppError("bad_request", `spaceIds: ${why}`, { fields: { spaceIds: why } });

/**
 * Refuses a key's space list unless every space is one the agent is in and, when an admin
 * asks (`adminEntityId`), one that admin is a member of too: a key must not reach further than
 * the person who made it could read.
 */
export async function checkKeySpaces(db: Pick<Db, "membership">, agentEntityId: string, spaceIds: string[], adminEntityId: string | null): Promise<void> {
  const ids = [...new Set(spaceIds)];
  if (!ids.length) throw spacesError("list at least one space the key's runs may reach");
  const live = { spaceId: { in: ids }, space: { archivedAt: null } };
  const agentIn = await db.membership.count({ where: { entityId: agentEntityId, ...live } });
  if (agentIn !== ids.length) throw spacesError("every space must be one the agent is a member of");
  if (adminEntityId === null) return;
  const adminIn = await db.membership.count({ where: { entityId: adminEntityId, ...live } });
  if (adminIn !== ids.length) throw spacesError("every space must be one you are a member of");
}
