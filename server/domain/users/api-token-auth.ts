// How a personal API token authenticates: `pk_<random>` shown once; only a SHA-256 hash is
// stored (the token is 32 random bytes, so a slow hash adds nothing), and lookups are by that
// hash. These run inside authentication, before there is an actor, so they take the database
// and the token (or its id) rather than (deps, actor, input).
import { createHash } from "node:crypto";
import type { Db } from "../../db/client";

export const API_TOKEN_PREFIX = "pk_";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The user a bearer token belongs to (and the token's id), or null when it is unknown or revoked. */
export async function userForApiToken(db: Db, token: string) {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const row = await db.apiToken.findUnique({ where: { tokenHash: hashToken(token) }, include: { user: { include: { entity: true } } } });
  if (!row || row.revokedAt || row.user.deactivatedAt) return null;
  // Best effort, not awaited on the request path.
  void db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } }).catch(() => {});
  return { ...row.user, tokenId: row.id };
}
