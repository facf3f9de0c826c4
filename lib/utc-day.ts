// "Today" for agent figures and budgets is the UTC day: the same for every admin and process.

export function startOfUtcDay(now: Date): Date {
  const d = new Date(now);
  d.setUTCHours(0, 0, 0, 0);
  return d;
}

/** Seconds until the next UTC day starts (at least 1). */
export const secondsToNextUtcDay = (now: Date): number => Math.max(1, Math.ceil((startOfUtcDay(now).getTime() + 86_400_000 - now.getTime()) / 1000));
