// Rows → what the admin panel shows, and the fields an audit entry records for each kind.
import cronstrue from "cronstrue";
import type { GoalAdminDto, GoalStatus, KnowledgeOrigin, MemoryAdminDto, PlanKind } from "@/lib/agents/knowledge-dto";
import type { Db } from "../../../db/client";
import { AppError } from "../../errors";
import { covers, type RunViewer } from "../../runs/redact-run";
import { WITHHELD } from "@/lib/runs/withheld";

type Origin = { originSpaceId: string | null; reach: string[]; adminOwned: boolean };

/** The agent must exist; an id that names none is a 404 (admins may know every id, so this leaks nothing). */
export async function requireAgent(db: Pick<Db, "agent">, agentId: string): Promise<{ id: string; entityId: string; enabled: boolean }> {
  const agent = await db.agent.findUnique({ where: { id: agentId }, select: { id: true, entityId: true, enabled: true } });
  if (!agent) throw new AppError("not_found", "Agent not found");
  return agent;
}

/** Space names for the items' origins, in one query. */
export async function originNames(db: Pick<Db, "space">, rows: Origin[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.originSpaceId).filter((id): id is string => !!id))];
  if (!ids.length) return new Map();
  const spaces = await db.space.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  return new Map(spaces.map((s) => [s.id, s.name]));
}

/**
 * What a run wrote came from the spaces it read: its words, and its origin space's name, are
 * shown only to an admin in all of them (as runs are, server/domain/runs/redact-run.ts). No
 * viewer: an item an admin just made, which has no reach.
 */
export function seesItem(viewer: RunViewer | undefined, row: Pick<Origin, "reach" | "originSpaceId">): boolean {
  return !viewer || covers(viewer, [...row.reach, row.originSpaceId]);
}

/**
 * Whether a memory key or plan name is taken, as an admin may be told: by an item they see, or
 * by one in `scope` (where the database holds names unique). An item they cannot see does not
 * answer, or the refusal would tell them its name.
 */
export function nameTakenFor(viewer: RunViewer, rows: (Pick<Origin, "reach" | "originSpaceId"> & { scope: string })[], scope: string): boolean {
  return rows.some((r) => r.scope === scope || seesItem(viewer, r));
}

/** An edit form sends back every field it showed: one it showed withheld is not a change. */
export function withoutWithheld<T extends object>(changes: T): T {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== WITHHELD)) as T;
}

/** Admin-made items are the ones with no origin space and an empty reach (provenance.ts). */
export function originOf(row: Origin, names: Map<string, string>, viewer?: RunViewer): KnowledgeOrigin {
  const name = seesItem(viewer, row) ? (names.get(row.originSpaceId ?? "") ?? "(deleted space)") : WITHHELD;
  return {
    madeByAdmin: row.originSpaceId === null && row.reach.length === 0,
    originSpace: row.originSpaceId ? { id: row.originSpaceId, name } : null,
    adminOwned: row.adminOwned,
  };
}

export function goalView(
  g: Origin & { id: string; description: string; status: string; priority: number; longTerm: boolean; updatedAt: Date },
  names: Map<string, string>,
  viewer?: RunViewer,
): GoalAdminDto {
  return {
    id: g.id,
    description: seesItem(viewer, g) ? g.description : WITHHELD,
    status: g.status as GoalStatus,
    priority: g.priority,
    longTerm: g.longTerm,
    updatedAt: g.updatedAt.toISOString(),
    ...originOf(g, names, viewer),
  };
}

export function memoryView(
  m: Origin & { id: string; key: string; value: string; updatedAt: Date },
  names: Map<string, string>,
  viewer?: RunViewer,
): MemoryAdminDto {
  const sees = seesItem(viewer, m);
  return { id: m.id, key: sees ? m.key : WITHHELD, value: sees ? m.value : WITHHELD, updatedAt: m.updatedAt.toISOString(), ...originOf(m, names, viewer) };
}

export const planKind = (p: { cron: string | null; runAfter: string | null }): PlanKind => (p.cron ? "cron" : p.runAfter ? "runAfter" : "scheduledAt");

/** A cron expression in words; plans are evaluated in UTC (schedule.ts), so the text says so. */
export function cronText(cron: string | null): string | null {
  if (!cron) return null;
  try {
    return `${cronstrue.toString(cron, { use24HourTimeFormat: true, throwExceptionOnParseError: true })} (UTC)`;
  } catch {
    // croner accepts a few forms cronstrue does not describe: the expression itself is still right.
    return null;
  }
}

/** The audited fields of each kind (what "before → after" compares). */
export const goalFieldsOf = (g: { description: string; status: string; priority: number; longTerm: boolean }) => ({
  description: g.description,
  status: g.status,
  priority: g.priority,
  longTerm: g.longTerm,
});
export const memoryFieldsOf = (m: { key: string; value: string }) => ({ key: m.key, value: m.value });
export const planFieldsOf = (p: {
  name: string;
  instruction: string;
  runAfter: string | null;
  scheduledAt: Date | null;
  cron: string | null;
  status: string;
}) => ({
  name: p.name,
  instruction: p.instruction,
  runAfter: p.runAfter,
  scheduledAt: p.scheduledAt?.toISOString() ?? null,
  cron: p.cron,
  status: p.status,
});
