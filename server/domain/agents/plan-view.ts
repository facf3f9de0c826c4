// What a plan looks like to its readers (the agent's tools, admins): dates as ISO strings.
import type { ScheduleInput } from "./schedule";

/** What setting a plan takes: a name (unique per agent), an instruction and one schedule. */
export interface PlanInput extends ScheduleInput {
  name: string;
  instruction: string;
}

export const MAX_PLAN_INSTRUCTION = 2000;

export function toPlanView(p: {
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
