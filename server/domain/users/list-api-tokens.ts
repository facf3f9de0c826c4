import type { Deps } from "../deps";
import type { PersonActor } from "./person";

/** The actor's unrevoked API tokens, newest first (prefixes only: the tokens themselves are not stored). */
export async function listApiTokens({ db }: Pick<Deps, "db">, actor: PersonActor) {
  const rows = await db.apiToken.findMany({ where: { userId: actor.userId, revokedAt: null }, orderBy: { createdAt: "desc" } });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
}
