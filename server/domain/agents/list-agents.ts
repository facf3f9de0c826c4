import type { AgentAdminDto, AgentSpaceDto } from "@/lib/agents/agent-dto";
import type { RunStatus } from "@/lib/runs/run-status";
import { startOfUtcDay } from "@/lib/utc-day";
import type { Actor, Deps } from "../deps";
import { agentView } from "./agent-settings";
import { requireAgentAdmin } from "./require-agent-admin";

/**
 * Every agent with its settings, its spaces and today's runs and tokens (since 00:00 UTC), for
 * the admin panel and GET /api/agents. Admins only. `providers` says which providers the server
 * can call (configured-providers.ts, from env, passed by the caller); `now` is for tests.
 */
export async function listAgents(
  { db }: Pick<Deps, "db">,
  actor: Actor,
  input: { providers: Record<string, boolean>; now?: Date; includeArchived?: boolean },
): Promise<AgentAdminDto[]> {
  requireAgentAdmin(actor);
  const dayStart = startOfUtcDay(input.now ?? new Date());
  const rows = await db.agent.findMany({
    select: { ...agentView, entity: { select: { name: true, memberships: { select: { space: { select: { id: true, name: true, kind: true } } } } } } },
    // Deleted (archived) agents only when asked for: the admin list's "Show archived".
    where: input.includeArchived ? {} : { archivedAt: null },
    orderBy: { entity: { name: "asc" } },
  });
  const agentIds = rows.map((r) => r.id);
  const [today, lastRuns, directNames] = await Promise.all([
    db.run.groupBy({
      by: ["agentId"],
      where: { agentId: { in: agentIds }, queuedAt: { gte: dayStart } },
      _count: { _all: true },
      _sum: { inputTokens: true, outputTokens: true, cachedInputTokens: true },
    }),
    // One indexed lookup per agent: a workspace has a handful of agents, and DISTINCT ON is
    // not something Prisma pushes down to the database.
    Promise.all(
      agentIds.map((agentId) =>
        db.run.findFirst({ where: { agentId }, orderBy: { queuedAt: "desc" }, select: { id: true, agentId: true, status: true, queuedAt: true } }),
      ),
    ),
    otherMembersOfDirects(db, rows),
  ]);
  const todayBy = new Map(today.map((g) => [g.agentId, g]));
  const lastBy = new Map(lastRuns.flatMap((r) => (r ? [[r.agentId, r] as const] : [])));
  return rows.map(({ entity, modelSettings, archivedAt, ...a }) => {
    const t = todayBy.get(a.id);
    const last = lastBy.get(a.id);
    const ownBaseURL = a.provider === "openai-compatible" && !!(modelSettings as { baseURL?: string } | null)?.baseURL;
    return {
      ...a,
      modelSettings,
      archivedAt: archivedAt?.toISOString() ?? null,
      name: entity.name,
      providerConfigured: ownBaseURL || !!input.providers[a.provider],
      spaces: entity.memberships
        .map(
          ({ space }): AgentSpaceDto => ({
            id: space.id,
            kind: space.kind,
            name: space.kind === "direct" ? (directNames.get(`${space.id}:${a.entityId}`) ?? "direct") : space.name,
          }),
        )
        .sort((x, y) => x.kind.localeCompare(y.kind) || x.name.localeCompare(y.name)),
      today: {
        runs: t?._count._all ?? 0,
        inputTokens: t?._sum.inputTokens ?? 0,
        outputTokens: t?._sum.outputTokens ?? 0,
        cachedInputTokens: t?._sum.cachedInputTokens ?? 0,
      },
      lastRun: last ? { id: last.id, status: last.status as RunStatus, queuedAt: last.queuedAt.toISOString() } : null,
    };
  });
}

/** A direct space's stored name is a key; it is shown as the other members' names, keyed `spaceId:agentEntityId`. */
async function otherMembersOfDirects(
  db: Deps["db"],
  rows: { entityId: string; entity: { memberships: { space: { id: string; kind: string } }[] } }[],
): Promise<Map<string, string>> {
  const directIds = [...new Set(rows.flatMap((r) => r.entity.memberships.filter((m) => m.space.kind === "direct").map((m) => m.space.id)))];
  if (!directIds.length) return new Map();
  const members = await db.membership.findMany({
    where: { spaceId: { in: directIds } },
    select: { spaceId: true, entityId: true, entity: { select: { name: true } } },
  });
  const names = new Map<string, string>();
  for (const r of rows)
    for (const { space } of r.entity.memberships)
      if (space.kind === "direct")
        names.set(
          `${space.id}:${r.entityId}`,
          members
            .filter((m) => m.spaceId === space.id && m.entityId !== r.entityId)
            .map((m) => m.entity.name)
            .join(", "),
        );
  return names;
}
