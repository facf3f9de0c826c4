import type { Actor, Deps } from "../deps";
import { requireAgentAdmin } from "./require-agent-admin";

/**
 * Every live channel, for the admin's "add this agent to a channel" picker. Admins only: it
 * names private channels the admin may not be in (names only, never their messages).
 */
export async function listChannelChoices({ db }: Pick<Deps, "db">, actor: Actor): Promise<{ id: string; name: string }[]> {
  requireAgentAdmin(actor);
  return db.space.findMany({ where: { kind: "channel", archivedAt: null }, select: { id: true, name: true }, orderBy: { name: "asc" }, take: 1000 });
}
