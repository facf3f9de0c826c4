// An agent's goals: objectives with status, priority (lower = more important) and a long-term flag.
import type { Db } from "../../db/client";
import { AppError } from "../errors";

export interface GoalInput {
  id?: string;
  description?: string;
  status?: "active" | "completed" | "abandoned";
  priority?: number;
  longTerm?: boolean;
}

export const MAX_GOAL_LENGTH = 500;

export async function setGoals(db: Db, agentId: string, goals: GoalInput[]) {
  const out = [];
  for (const g of goals) {
    if (g.description !== undefined && (!g.description.trim() || g.description.length > MAX_GOAL_LENGTH)) {
      throw new AppError("bad_request", `Goal descriptions are 1–${MAX_GOAL_LENGTH} characters`);
    }
    const data = { description: g.description?.trim(), status: g.status, priority: g.priority, longTerm: g.longTerm };
    if (g.id) {
      const { count } = await db.goal.updateMany({ where: { id: g.id, agentId }, data });
      if (count === 0) throw new AppError("not_found", `Goal ${g.id} not found`);
      out.push(await db.goal.findUniqueOrThrow({ where: { id: g.id } }));
    } else {
      if (!g.description) throw new AppError("bad_request", "A new goal needs a description");
      out.push(await db.goal.create({ data: { ...data, description: g.description.trim(), agentId } }));
    }
  }
  return out.map(({ id, description, status, priority, longTerm }) => ({ id, description, status, priority, longTerm }));
}

export async function deleteGoals(db: Db, agentId: string, ids: string[]) {
  const { count } = await db.goal.deleteMany({ where: { agentId, id: { in: ids } } });
  return { deleted: count };
}

export async function listGoals(db: Db, agentId: string) {
  return db.goal.findMany({ where: { agentId }, orderBy: [{ status: "asc" }, { priority: "asc" }] });
}
