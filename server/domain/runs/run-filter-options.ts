// What the admin run list can be filtered by: every agent, and the spaces the admin is in (a
// space they are not in is not theirs to browse by name, and its runs' content is withheld
// from them anyway, redact-run.ts). Bounded lists; an id typed into the address still filters.
import type { RunFilterOptions } from "@/lib/runs/run-dtos";
import type { Actor, Deps } from "../deps";
import { requireRunInspector } from "./require-admin";

const MAX_OPTIONS = 200;

export async function listRunFilterOptions({ db }: Pick<Deps, "db">, actor: Pick<Actor, "isAdmin" | "entityId">): Promise<RunFilterOptions> {
  requireRunInspector(actor);
  const [agents, spaces] = await Promise.all([
    db.agent.findMany({ select: { id: true, entityId: true, entity: { select: { name: true } } }, orderBy: { entity: { name: "asc" } }, take: MAX_OPTIONS }),
    db.space.findMany({
      where: { memberships: { some: { entityId: actor.entityId } } },
      select: { id: true, name: true, kind: true, memberships: { select: { entityId: true, entity: { select: { name: true } } }, take: 9 } },
      orderBy: [{ kind: "asc" }, { name: "asc" }],
      take: MAX_OPTIONS,
    }),
  ]);
  return {
    agents: agents.map((a) => ({ id: a.id, entityId: a.entityId, name: a.entity.name })),
    // A direct space's stored name is a key: it is listed under its other members' names (two or a group's).
    spaces: spaces.map((s) => ({
      id: s.id,
      name:
        s.kind === "direct"
          ? s.memberships
              .filter((m) => m.entityId !== actor.entityId)
              .map((m) => m.entity.name)
              .join(", ") || s.name
          : s.name,
      kind: s.kind as "channel" | "direct",
    })),
  };
}
