// Plan schedules: exactly one of runAfter ("30 minutes", "2 hours",
// "1 day", "1 week"), scheduledAt (ISO time) or cron. Cron uses croner (well kept, no deps,
// handles DST and the usual 5/6-field syntax) evaluated in UTC. Errors name the field, never
// its value: an agent's input may quote a space its run later loses, and a tool error is
// shown to the run's later calls.
import { Cron } from "croner";
import { AppError } from "../errors";
import { MIN_CRON_INTERVAL_MS } from "@/lib/limits";

const UNIT_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 } as const;

export function parseRunAfter(text: string): number {
  const m = /^\s*(\d{1,5})\s*(minute|hour|day|week)s?\s*$/i.exec(text);
  if (!m) throw new AppError("bad_request", `runAfter must look like "30 minutes", "2 hours", "1 day" or "1 week"`);
  const n = Number(m[1]);
  if (n < 1) throw new AppError("bad_request", "runAfter must be at least 1");
  return n * UNIT_MS[m[2]!.toLowerCase() as keyof typeof UNIT_MS];
}

export function nextCronTime(cron: string, after: Date): Date | null {
  try {
    return new Cron(cron, { timezone: "UTC" }).nextRun(after);
  } catch {
    // croner's own message quotes the expression: not repeated (see the file comment).
    throw new AppError("bad_request", "cron is not a valid cron expression (5 or 6 fields, in UTC)");
  }
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

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
    // Date() alone reads almost anything ("x-42" is the year 42): only an ISO date or time is a time here.
    const at = ISO_TIME.test(s.scheduledAt.trim()) ? new Date(s.scheduledAt) : new Date(Number.NaN);
    if (Number.isNaN(at.getTime())) throw new AppError("bad_request", "scheduledAt is not an ISO time");
    return { runAfter: null, scheduledAt: at, cron: null, nextRunAt: at };
  }
  const next = nextCronTime(s.cron!, now);
  if (!next) throw new AppError("bad_request", "cron never fires");
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
      throw new AppError("bad_request", "cron fires more than once a minute; recurring plans run at most once a minute");
    }
  }
}
