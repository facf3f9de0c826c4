// What the admin run list can be filtered by: every agent, and the spaces the admin is in (a
// channel's name is for its members, as in the run list itself: redact-run.ts). Bounded
// lists; an id typed into the address still filters even when it is not listed.
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
      select: { id: true, name: true, kind: true },
      orderBy: [{ kind: "asc" }, { name: "asc" }],
      take: MAX_OPTIONS,
    }),
  ]);
  return {
    agents: agents.map((a) => ({ id: a.id, entityId: a.entityId, name: a.entity.name })),
    spaces: spaces.map((s) => ({ id: s.id, name: s.name, kind: s.kind as "channel" | "direct" })),
  };
}
