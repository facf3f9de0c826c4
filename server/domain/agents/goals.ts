// An agent's goals: objectives with status, priority (lower = more important) and a long-term flag.
import type { Db } from "../../db/client";
import { AppError } from "../errors";
import { ADMIN_PROVENANCE, visibleWithin, type Provenance } from "./provenance";

export interface GoalInput {
  id?: string;
  description?: string;
  status?: "active" | "completed" | "abandoned";
  priority?: number;
  longTerm?: boolean;
}

export const MAX_GOAL_LENGTH = 500;

/** `from` is the writer's provenance; `within` (a run's reach) limits which goals it may update. */
export async function setGoals(db: Db, agentId: string, goals: GoalInput[], from: Provenance = ADMIN_PROVENANCE, within?: readonly string[]) {
  const out = [];
  for (const g of goals) {
    if (g.description !== undefined && (!g.description.trim() || g.description.length > MAX_GOAL_LENGTH)) {
      throw new AppError("bad_request", `Goal descriptions are 1–${MAX_GOAL_LENGTH} characters`);
    }
    const data = { description: g.description?.trim(), status: g.status, priority: g.priority, longTerm: g.longTerm };
    if (g.id) {
      const existing = await db.goal.findFirst({ where: { id: g.id, agentId }, select: { reach: true } });
      if (!existing || !visibleWithin(within)(existing)) throw new AppError("not_found", `Goal ${g.id} not found`);
      // The writer may have put what it read into the goal: it now carries the writer's provenance
      // (a reach that covers the old one, so this only ever narrows who sees it).
      await db.goal.update({ where: { id: g.id }, data: { ...data, originSpaceId: from.originSpaceId, reach: from.reach } });
      out.push(await db.goal.findUniqueOrThrow({ where: { id: g.id } }));
    } else {
      if (!g.description) throw new AppError("bad_request", "A new goal needs a description");
      out.push(await db.goal.create({ data: { ...data, description: g.description.trim(), agentId, originSpaceId: from.originSpaceId, reach: from.reach } }));
    }
  }
  return out.map(({ id, description, status, priority, longTerm }) => ({ id, description, status, priority, longTerm }));
}

export async function deleteGoals(db: Db, agentId: string, ids: string[], within?: readonly string[]) {
  const rows = await db.goal.findMany({ where: { agentId, id: { in: ids } }, select: { id: true, reach: true } });
  const visible = rows.filter(visibleWithin(within)).map((r) => r.id);
  const { count } = await db.goal.deleteMany({ where: { agentId, id: { in: visible } } });
  return { deleted: count };
}

export async function listGoals(db: Db, agentId: string) {
  return db.goal.findMany({ where: { agentId }, orderBy: [{ status: "asc" }, { priority: "asc" }] });
}
