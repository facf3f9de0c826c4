// What an agent's Services page shows: its live key (prefix and dates, never the key), the
// spaces the viewing admin may give a new key, and its newest service runs. Admins only: keys
// and runs are agent administration.
import { SERVICE_RUNS_SHOWN } from "@/lib/limits";
import type { KeySpaceDto, ServiceKeyDto, ServicePanelDto } from "@/lib/agents/service-dto";
import type { Db } from "../../../db/client";
import type { Actor, Deps } from "../../deps";
import { AppError } from "../../errors";
import { runSelect, toRunDto } from "../../runs/run-dto";
import { loadRunViewer, redactRunDto } from "../../runs/redact-run";
import { requireAgentAdmin } from "../require-agent-admin";

export async function getServicePanel({ db }: Pick<Deps, "db">, actor: Actor, input: { agentId: string }): Promise<ServicePanelDto> {
  requireAgentAdmin(actor);
  const agent = await db.agent.findUnique({
    where: { id: input.agentId },
    select: { id: true, entityId: true, enabled: true, entity: { select: { name: true } } },
  });
  if (!agent) throw new AppError("not_found", "Agent not found");
  const [viewer, key, spaces, runs] = await Promise.all([
    loadRunViewer(db, actor),
    liveServiceKey(db, agent.id),
    keySpacesFor(db, agent.entityId, actor.entityId),
    db.run.findMany({
      where: { agentId: agent.id, triggerType: "service" },
      orderBy: { queuedAt: "desc" },
      take: SERVICE_RUNS_SHOWN,
      select: runSelect,
    }),
  ]);
  return {
    agent: { id: agent.id, entityId: agent.entityId, name: agent.entity.name, enabled: agent.enabled },
    key,
    spaces,
    runs: runs.map((r) => redactRunDto(viewer, toRunDto(r), r)),
  };
}

/** The live spaces both the agent and the admin are in: all a key this admin makes may list. */
async function keySpacesFor(db: Db, agentEntityId: string, adminEntityId: string): Promise<KeySpaceDto[]> {
  const rows = await db.space.findMany({
    where: {
      archivedAt: null,
      AND: [{ memberships: { some: { entityId: agentEntityId } } }, { memberships: { some: { entityId: adminEntityId } } }],
    },
    orderBy: { name: "asc" },
    select: { id: true, name: true, kind: true, memberships: { select: { entityId: true, entity: { select: { name: true } } }, take: 9 } },
  });
  // A direct space's stored name is a key: it is shown as its people other than the agent (two or a group's).
  return rows.map(({ memberships, ...s }) => ({
    ...s,
    name:
      s.kind === "direct"
        ? memberships
            .filter((m) => m.entityId !== agentEntityId)
            .map((m) => m.entity.name)
            .join(", ") || s.name
        : s.name,
  }));
}

/** The agent's live key, if it has one (rotation leaves at most one). */
export async function liveServiceKey(db: Db, agentId: string): Promise<ServiceKeyDto | null> {
  const row = await db.serviceKey.findFirst({
    where: { agentId, revokedAt: null },
    orderBy: { createdAt: "desc" },
    select: { prefix: true, createdAt: true, lastUsedAt: true, spaceIds: true, createdById: true },
  });
  if (!row) return null;
  const creator = row.createdById ? await db.entity.findUnique({ where: { id: row.createdById }, select: { name: true } }) : null;
  return {
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    spaceIds: row.spaceIds,
    createdBy: creator?.name ?? null,
    legacy: row.spaceIds.length === 0,
  };
}
