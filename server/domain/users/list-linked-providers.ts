import type { Deps } from "../deps";
import type { PersonActor } from "./person";

/** The OAuth providers the actor has connected, for Settings. */
export async function listLinkedProviders({ db }: Pick<Deps, "db">, actor: PersonActor): Promise<string[]> {
  const rows = await db.account.findMany({ where: { userId: actor.userId }, select: { provider: true }, orderBy: { provider: "asc" } });
  return [...new Set(rows.map((r) => r.provider))];
}
