// An agent's plans: named schedules that start a run with an instruction. Upserted by name.
import type { Db } from "../../db/client";
import { AppError } from "../errors";
import { firstSchedule, type ScheduleInput } from "./schedule";
import { ADMIN_PROVENANCE, visibleWithin, type Provenance } from "./provenance";

export interface PlanInput extends ScheduleInput {
  name: string;
  instruction: string;
}

export const MAX_PLAN_INSTRUCTION = 2000;

/**
 * `from` is the maker's provenance: a plan's runs get its reach and start in its origin
 * space. Re-setting a plan by name takes the new maker's provenance.
 */
export async function setPlans(db: Db, agentId: string, plans: PlanInput[], now: Date, from: Provenance = ADMIN_PROVENANCE, within?: readonly string[]) {
  const out = [];
  for (const p of plans) {
    const name = p.name.trim();
    // A plan this writer may not see is not replaced (its schedule, instruction and reach are another audience's).
    const existing = within ? await db.plan.findUnique({ where: { agentId_name: { agentId, name } }, select: { reach: true } }) : null;
    if (existing && !visibleWithin(within)(existing)) throw new AppError("conflict", `The plan name ${JSON.stringify(name)} is taken; choose another name.`);
    if (!name || name.length > 100) throw new AppError("bad_request", "Plan names are 1–100 characters");
    if (!p.instruction.trim() || p.instruction.length > MAX_PLAN_INSTRUCTION) {
      throw new AppError("bad_request", `Plan instructions are 1–${MAX_PLAN_INSTRUCTION} characters`);
    }
    const schedule = firstSchedule(p, now);
    const data = { instruction: p.instruction.trim(), ...schedule, status: "active" as const, lockedUntil: null, originSpaceId: from.originSpaceId, reach: from.reach, requesterId: from.requesterId ?? null };
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

export async function getPlans(db: Db, agentId: string, within?: readonly string[]) {
  const rows = await db.plan.findMany({ where: { agentId }, orderBy: [{ status: "asc" }, { nextRunAt: "asc" }] });
  return rows.filter(visibleWithin(within)).map(toPlanView);
}

export async function deletePlans(db: Db, agentId: string, sel: { ids?: string[]; names?: string[] }, within?: readonly string[]) {
  const rows = await db.plan.findMany({
    where: { agentId, OR: [{ id: { in: sel.ids ?? [] } }, { name: { in: sel.names ?? [] } }] },
    select: { id: true, reach: true },
  });
  const { count } = await db.plan.deleteMany({ where: { agentId, id: { in: rows.filter(visibleWithin(within)).map((r) => r.id) } } });
  return { deleted: count };
}

function toPlanView(p: {
  id: string;
  name: string;
  instruction: string;
  runAfter: string | null;
  scheduledAt: Date | null;
  cron: string | null;
  status: string;
  nextRunAt: Date | null;
  lastRunAt: Date | null;
}) {
  return {
    id: p.id,
    name: p.name,
    instruction: p.instruction,
    runAfter: p.runAfter,
    scheduledAt: p.scheduledAt?.toISOString() ?? null,
    cron: p.cron,
    status: p.status,
    nextRunAt: p.nextRunAt?.toISOString() ?? null,
    lastRunAt: p.lastRunAt?.toISOString() ?? null,
  };
}
