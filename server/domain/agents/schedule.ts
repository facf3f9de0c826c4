// Plan schedules: exactly one of runAfter ("30 minutes", "2 hours",
// "1 day", "1 week"), scheduledAt (ISO time) or cron. Cron uses croner (well kept, no deps,
// handles DST and the usual 5/6-field syntax) evaluated in UTC.
import { Cron } from "croner";
import { AppError } from "../errors";
import { MIN_CRON_INTERVAL_MS } from "@/lib/limits";

const UNIT_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 } as const;

export function parseRunAfter(text: string): number {
  const m = /^\s*(\d{1,5})\s*(minute|hour|day|week)s?\s*$/i.exec(text);
  if (!m) throw new AppError("bad_request", `runAfter must look like "30 minutes", "2 hours", "1 day" or "1 week" (got ${JSON.stringify(text)})`);
  const n = Number(m[1]);
  if (n < 1) throw new AppError("bad_request", "runAfter must be at least 1");
  return n * UNIT_MS[m[2]!.toLowerCase() as keyof typeof UNIT_MS];
}

export function nextCronTime(cron: string, after: Date): Date | null {
  try {
    return new Cron(cron, { timezone: "UTC" }).nextRun(after);
  } catch (e) {
    throw new AppError("bad_request", `Invalid cron expression ${JSON.stringify(cron)}: ${(e as Error).message}`);
  }
}

export interface ScheduleInput {
  runAfter?: string | null;
  scheduledAt?: string | null;
  cron?: string | null;
}

/** Validates "exactly one" and returns the stored fields with the first due time. */
export function firstSchedule(s: ScheduleInput, now: Date) {
  const set = [s.runAfter, s.scheduledAt, s.cron].filter((v) => v != null && v !== "");
  if (set.length !== 1) throw new AppError("bad_request", "A plan needs exactly one of runAfter, scheduledAt or cron");
  if (s.runAfter) {
    const at = new Date(now.getTime() + parseRunAfter(s.runAfter));
    return { runAfter: s.runAfter.trim(), scheduledAt: at, cron: null, nextRunAt: at };
  }
  if (s.scheduledAt) {
    const at = new Date(s.scheduledAt);
    if (Number.isNaN(at.getTime())) throw new AppError("bad_request", `scheduledAt is not an ISO time: ${JSON.stringify(s.scheduledAt)}`);
    return { runAfter: null, scheduledAt: at, cron: null, nextRunAt: at };
  }
  const next = nextCronTime(s.cron!, now);
  if (!next) throw new AppError("bad_request", `cron ${JSON.stringify(s.cron)} never fires`);
  requireCronInterval(s.cron!, now);
  return { runAfter: null, scheduledAt: null, cron: s.cron!.trim(), nextRunAt: next };
}

export function describeSchedule(p: { cron: string | null; runAfter: string | null; scheduledAt: Date | null }): string {
  if (p.cron) return `recurring, cron ${p.cron}`;
  if (p.runAfter) return `one-time, runAfter ${JSON.stringify(p.runAfter)}`;
  return `one-time, scheduledAt ${p.scheduledAt?.toISOString() ?? "?"}`;
}

/**
 * A recurring plan runs at most once a minute: cron's seconds field would otherwise let one
 * plan start a run every second. Checked over the next few fire times (enough for any
 * expression with a sub-minute step, which repeats within a minute).
 */
export function requireCronInterval(cron: string, now: Date): void {
  const times = new Cron(cron, { timezone: "UTC" }).nextRuns(6, now);
  for (let i = 1; i < times.length; i++) {
    if (times[i]!.getTime() - times[i - 1]!.getTime() < MIN_CRON_INTERVAL_MS) {
      throw new AppError("bad_request", `cron ${JSON.stringify(cron)} fires more than once a minute; recurring plans run at most once a minute`);
    }
  }
}
