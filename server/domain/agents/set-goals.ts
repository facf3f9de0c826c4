// Creating goals, or updating them by id. A run may update only goals its reach covers.
import type { Deps } from "../deps";
import { AppError } from "../errors";
import { type GoalInput, MAX_GOAL_LENGTH } from "./goal-input";
import { type AgentActor, writerProvenance, readerReach, visibleWithin } from "./provenance";

export async function setGoals({ db }: Pick<Deps, "db">, actor: AgentActor, input: { agentId: string; goals: GoalInput[] }) {
  const { agentId } = input;
  const from = writerProvenance(actor);
  const within = readerReach(actor);
  const out = [];
  for (const g of input.goals) {
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
