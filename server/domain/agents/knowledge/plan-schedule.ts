// A plan's schedule from the admin form, with errors on the field that caused them: the form
// offers run after / at a time / cron, and schedule.ts owns what each may be.
import { fieldErrors, isAppError } from "../../errors";
import { firstSchedule, type ScheduleInput } from "../schedule";

export function scheduleFromForm(s: ScheduleInput, now: Date): ReturnType<typeof firstSchedule> {
  const given = (["runAfter", "scheduledAt", "cron"] as const).filter((k) => s[k]);
  if (given.length !== 1) throw fieldErrors({ schedule: "Give exactly one schedule: run after, at a time, or cron" });
  try {
    return firstSchedule(s, now);
  } catch (e) {
    if (isAppError(e) && e.code === "bad_request") throw fieldErrors({ [given[0]!]: e.message });
    throw e;
  }
}

export const hasSchedule = (s: ScheduleInput): boolean => s.runAfter != null || s.scheduledAt != null || s.cron != null;
