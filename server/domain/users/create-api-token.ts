import { randomBytes } from "node:crypto";
import type { Deps } from "../deps";
import { API_TOKEN_PREFIX, hashToken } from "./api-token-auth";
import type { PersonActor } from "./person";

/** A new personal API token for the actor; the token itself is in this answer only (just its hash is stored). */
export async function createApiToken({ db }: Pick<Deps, "db">, actor: PersonActor, input: { name: string }) {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const row = await db.apiToken.create({
    data: { userId: actor.userId, name: input.name.trim() || "token", tokenHash: hashToken(token), prefix: token.slice(0, 10) },
  });
  return { token, id: row.id, name: row.name, prefix: row.prefix, createdAt: row.createdAt.toISOString() };
}
