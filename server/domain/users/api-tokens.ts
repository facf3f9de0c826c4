// Personal API tokens: `pk_<random>` shown once; only a SHA-256 hash is stored (the token
// is 32 random bytes, so a slow hash adds nothing), and lookups are by that hash.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import { rooms } from "@/lib/realtime/events";
import type { Deps } from "../deps";
import { AppError } from "../errors";

const PREFIX = "pk_";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createApiToken(db: Db, userId: string, name: string) {
  const token = PREFIX + randomBytes(32).toString("base64url");
  const row = await db.apiToken.create({
    data: { userId, name: name.trim() || "token", tokenHash: hashToken(token), prefix: token.slice(0, 10) },
  });
  return { token, id: row.id, name: row.name, prefix: row.prefix, createdAt: row.createdAt.toISOString() };
}

export async function listApiTokens(db: Db, userId: string) {
  const rows = await db.apiToken.findMany({ where: { userId, revokedAt: null }, orderBy: { createdAt: "desc" } });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Revoked at once: requests with it get 401 and sockets opened with it are closed. */
export async function revokeApiToken({ db, events }: Pick<Deps, "db" | "events">, userId: string, id: string) {
  const { count } = await db.apiToken.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count === 0) throw new AppError("not_found", "No such token");
  events.disconnect(rooms.token(id));
}

/** Whether a token (by id) is still usable: a socket opened with it re-checks after joining its room. */
export async function isApiTokenLive(db: Db, id: string): Promise<boolean> {
  const row = await db.apiToken.findUnique({ where: { id }, select: { revokedAt: true } });
  return !!row && !row.revokedAt;
}

/** The user a bearer token belongs to (and the token's id), or null when it is unknown or revoked. */
export async function userForApiToken(db: Db, token: string) {
  if (!token.startsWith(PREFIX)) return null;
  const row = await db.apiToken.findUnique({ where: { tokenHash: hashToken(token) }, include: { user: { include: { entity: true } } } });
  if (!row || row.revokedAt) return null;
  // Best effort, not awaited on the request path.
  void db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } }).catch(() => {});
  return { ...row.user, tokenId: row.id };
}
