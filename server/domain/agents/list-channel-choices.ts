import type { Actor, Deps } from "../deps";
import { requireAgentAdmin } from "./require-agent-admin";

/**
 * The live channels the admin is a member of, for the "add this agent to a channel" picker: an
 * admin may add an agent only where they can read (add-agent-to-space.ts).
 */
export async function listChannelChoices({ db }: Pick<Deps, "db">, actor: Actor): Promise<{ id: string; name: string }[]> {
  requireAgentAdmin(actor);
  return db.space.findMany({
    where: { kind: "channel", archivedAt: null, memberships: { some: { entityId: actor.entityId } } },
    select: { id: true, name: true },
    orderBy: { name: "asc" },
    take: 1000,
  });
}
