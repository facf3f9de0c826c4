// Setting an agent's plans: named schedules that start a run with an instruction, upserted by
// name. A plan carries its maker's provenance: its runs get that reach and start in its origin
// space. Re-setting a plan by name takes the new maker's provenance.
import type { Deps } from "../deps";
import { AppError } from "../errors";
import { MAX_PLAN_INSTRUCTION, type PlanInput, toPlanView } from "./plan-view";
import { type AgentActor, writerProvenance, readerReach, visibleWithin } from "./provenance";
import { firstSchedule } from "./schedule";

/** `now` is the clock the schedule's first time is computed from. */
export async function setPlans({ db }: Pick<Deps, "db">, actor: AgentActor, input: { agentId: string; plans: PlanInput[]; now: Date }) {
  const { agentId, now } = input;
  const from = writerProvenance(actor);
  const within = readerReach(actor);
  const out = [];
  for (const p of input.plans) {
    const name = p.name.trim();
    // A plan this writer may not see is not replaced (its schedule, instruction and reach are another audience's).
    const existing = within ? await db.plan.findUnique({ where: { agentId_name: { agentId, name } }, select: { reach: true } }) : null;
    if (existing && !visibleWithin(within)(existing)) throw new AppError("conflict", `The plan name ${JSON.stringify(name)} is taken; choose another name.`);
    if (!name || name.length > 100) throw new AppError("bad_request", "Plan names are 1–100 characters");
    if (!p.instruction.trim() || p.instruction.length > MAX_PLAN_INSTRUCTION) {
      throw new AppError("bad_request", `Plan instructions are 1–${MAX_PLAN_INSTRUCTION} characters`);
    }
    const schedule = firstSchedule(p, now);
    const data = {
      instruction: p.instruction.trim(),
      ...schedule,
      status: "active" as const,
      originSpaceId: from.originSpaceId,
      reach: from.reach,
      requesterId: from.requesterId ?? null,
    };
    out.push(
      await db.plan.upsert({
        where: { agentId_name: { agentId, name } },
        create: { agentId, name, ...data },
        update: data,
      }),
    );
  }
  return out.map(toPlanView);
}
