// Setting an agent's plans: named schedules that start a run with an instruction, upserted by
// name. A plan carries its maker's provenance: its runs get that reach and start in its origin
// space. A run replaces only a plan made for exactly its reach and not owned by an admin
// (provenance.ts refusalToChange), keeping its reach and the person its runs act for. A name
// the run cannot see is a free name to it: it gets a plan of its own under that name (a
// separate scope), and the hidden plan is neither touched nor revealed. Errors name the plan
// by its position, never by what the model wrote.
import type { Deps } from "../deps";
import { AppError } from "../errors";
import { changedFields } from "../audit/record-audit";
import { recordAgentChange } from "../audit/record-agent-change";
import { planFieldsOf } from "./knowledge/knowledge-views";
import { MAX_PLAN_INSTRUCTION, type PlanInput, toPlanView } from "./plan-view";
import { type AgentActor, refusalToChange, scopeOf, visibleWithin, writerProvenance } from "./provenance";
import { firstSchedule } from "./schedule";

/** `now` is the clock the schedule's first time is computed from. */
export async function setPlans({ db }: Pick<Deps, "db">, actor: AgentActor, input: { agentId: string; plans: PlanInput[]; now: Date }) {
  const { agentId, now } = input;
  const from = writerProvenance(actor);
  const scope = scopeOf(from.reach);
  const valid = input.plans.map((p, i) => {
    const name = p.name.trim();
    if (!name || name.length > 100) throw new AppError("bad_request", `plans[${i}]: names are 1–100 characters`);
    if (!p.instruction.trim() || p.instruction.length > MAX_PLAN_INSTRUCTION) {
      throw new AppError("bad_request", `plans[${i}]: instructions are 1–${MAX_PLAN_INSTRUCTION} characters`);
    }
    try {
      return { name, instruction: p.instruction.trim(), schedule: firstSchedule(p, now) };
    } catch (e) {
      throw e instanceof AppError ? new AppError(e.code, `plans[${i}]: ${e.message}`) : e;
    }
  });
  const out = await db.$transaction(async (tx) => {
    const out = [];
    for (const [i, { name, instruction, schedule }] of valid.entries()) {
      const rows = await tx.plan.findMany({ where: { agentId, name } });
      if (actor.run) {
        const run = actor.run;
        for (const row of rows.filter(visibleWithin(run.reach))) {
          const refusal = refusalToChange(run, row, "plan");
          if (refusal) throw new AppError("forbidden", `plans[${i}]: ${refusal}`);
        }
      }
      const mine = rows.find((r) => r.scope === scope);
      const data = { instruction, ...schedule, status: "active" as const };
      const plan = mine
        ? await tx.plan.update({ where: { id: mine.id }, data: { ...data, ...(actor.run ? {} : { adminOwned: true }) } })
        : await tx.plan.create({
            data: {
              agentId,
              name,
              scope,
              ...data,
              originSpaceId: from.originSpaceId,
              reach: from.reach,
              requesterId: from.requesterId ?? null,
              adminOwned: !actor.run,
            },
          });
      const change = mine ? changedFields(planFieldsOf(mine), planFieldsOf(plan)) : { before: null, after: planFieldsOf(plan) };
      if (change)
        await recordAgentChange(tx, actor, {
          action: mine ? "plan.update" : "plan.create",
          agentId,
          subject: `plan ${JSON.stringify(name)}`,
          itemReach: plan.reach,
          ...change,
        });
      out.push(plan);
    }
    return out;
  });
  return out.map(toPlanView);
}
