// Date separators in a timeline: "Today", "Yesterday", "Monday, November 23" (with the year
// when it is not this year), in the reader's own time zone and locale.

/** The local calendar day of a timestamp, as a comparable key. */
export function dayKey(iso: string | number | Date): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

export function dayLabel(iso: string | number | Date, now: Date = new Date(), locale?: string): string {
  const d = new Date(iso);
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (dayKey(d) === dayKey(now)) return "Today";
  if (dayKey(d) === dayKey(yesterday)) return "Yesterday";
  return d.toLocaleDateString(locale, {
    weekday: "long",
    month: "long",
    day: "numeric",
    ...(d.getFullYear() !== now.getFullYear() && { year: "numeric" }),
  });
}

/** True where a separator goes: before the first message and wherever the day changes. */
export function startsNewDay(createdAt: string, previousCreatedAt: string | undefined): boolean {
  return previousCreatedAt === undefined || dayKey(createdAt) !== dayKey(previousCreatedAt);
}
