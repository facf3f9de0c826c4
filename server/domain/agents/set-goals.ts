// Creating goals, or updating them by id. A run updates only a goal made for exactly its reach
// and not owned by an admin (provenance.ts refusalToChange); an update keeps the goal's reach.
// An id the run cannot see answers as an id that does not exist. Errors name the goal by its
// position in the call, never by the id the model wrote.
import type { Deps } from "../deps";
import { AppError } from "../errors";
import { recordAgentChange } from "../audit/record-agent-change";
import { type GoalInput, MAX_GOAL_LENGTH } from "./goal-input";
import { goalFieldsOf } from "./knowledge/knowledge-views";
import { changedFields } from "../audit/record-audit";
import { type AgentActor, refusalToChange, visibleWithin, writerProvenance } from "./provenance";

export async function setGoals({ db }: Pick<Deps, "db">, actor: AgentActor, input: { agentId: string; goals: GoalInput[] }) {
  const { agentId } = input;
  const from = writerProvenance(actor);
  input.goals.forEach((g, i) => {
    if (g.description !== undefined && (!g.description.trim() || g.description.length > MAX_GOAL_LENGTH)) {
      throw new AppError("bad_request", `goals[${i}]: descriptions are 1–${MAX_GOAL_LENGTH} characters`);
    }
    if (!g.id && !g.description) throw new AppError("bad_request", `goals[${i}]: a new goal needs a description`);
  });
  const out = await db.$transaction(async (tx) => {
    const out = [];
    for (const [i, g] of input.goals.entries()) {
      const data = { description: g.description?.trim(), status: g.status, priority: g.priority, longTerm: g.longTerm };
      if (g.id) {
        const existing = await tx.goal.findFirst({ where: { id: g.id, agentId } });
        if (!existing || (actor.run && !visibleWithin(actor.run.reach)(existing))) throw new AppError("not_found", `goals[${i}]: no such goal`);
        const refusal = actor.run && refusalToChange(actor.run, existing, "goal");
        if (refusal) throw new AppError("forbidden", `goals[${i}]: ${refusal}`);
        const goal = await tx.goal.update({ where: { id: existing.id }, data: { ...data, ...(actor.run ? {} : { adminOwned: true }) } });
        const change = changedFields(goalFieldsOf(existing), goalFieldsOf(goal));
        if (change)
          await recordAgentChange(tx, actor, {
            action: "goal.update",
            agentId,
            subject: `goal ${JSON.stringify(goal.description)}`,
            itemReach: goal.reach,
            ...change,
          });
        out.push(goal);
      } else {
        const goal = await tx.goal.create({
          data: { ...data, description: g.description!.trim(), agentId, originSpaceId: from.originSpaceId, reach: from.reach, adminOwned: !actor.run },
        });
        await recordAgentChange(tx, actor, {
          action: "goal.create",
          agentId,
          subject: `goal ${JSON.stringify(goal.description)}`,
          after: goalFieldsOf(goal),
          itemReach: goal.reach,
        });
        out.push(goal);
      }
    }
    return out;
  });
  return out.map(({ id, description, status, priority, longTerm }) => ({ id, description, status, priority, longTerm }));
}
