// What the admin run list can be filtered by: every agent, and the spaces the admin is in (a
// space they are not in is not theirs to browse by name, and its runs' content is withheld
// from them anyway, redact-run.ts). Bounded lists; an id typed into the address still filters.
import type { RunFilterOptions } from "@/lib/runs/run-dtos";
import type { Actor, Deps } from "../deps";
import { requireRunInspector } from "./require-admin";
import { spaceLabels } from "../spaces/space-labels";

const MAX_OPTIONS = 200;

export async function listRunFilterOptions({ db }: Pick<Deps, "db">, actor: Pick<Actor, "isAdmin" | "entityId">): Promise<RunFilterOptions> {
  requireRunInspector(actor);
  const [agents, spaces] = await Promise.all([
    db.agent.findMany({ select: { id: true, entityId: true, entity: { select: { name: true } } }, orderBy: { entity: { name: "asc" } }, take: MAX_OPTIONS }),
    db.space.findMany({
      where: { memberships: { some: { entityId: actor.entityId } } },
      select: { id: true, name: true, kind: true },
      orderBy: [{ kind: "asc" }, { name: "asc" }],
      take: MAX_OPTIONS,
    }),
  ]);
  const labels = await spaceLabels(
    db,
    spaces.map((s) => s.id),
    actor.entityId,
  );
  return {
    agents: agents.map((a) => ({ id: a.id, entityId: a.entityId, name: a.entity.name })),
    // Channels first, then direct spaces by the people in them (their stored names are keys).
    spaces: spaces.flatMap((s) => labels.get(s.id) ?? []).sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name)),
  };
}
