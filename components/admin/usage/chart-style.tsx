// Colours and axis styles that read on light and dark backgrounds: mid-tone fills, and axis
// text and grid lines in currentColor, which the figure sets per theme.

export const COLORS = {
  uncachedInput: "#6366f1", // indigo-500
  cachedInput: "#a5b4fc", // indigo-300
  output: "#f59e0b", // amber-500
  completed: "#10b981", // emerald-500
  failed: "#ef4444", // red-500
  canceled: "#a1a1aa", // zinc-400
  median: "#0ea5e9", // sky-500
  p95: "#d946ef", // fuchsia-500
} as const;

/** One colour per agent in the cost chart, in order; repeats past eight agents. */
export const AGENT_COLORS = ["#6366f1", "#f59e0b", "#10b981", "#ef4444", "#0ea5e9", "#d946ef", "#84cc16", "#f97316"] as const;

export const axis = { tick: { fill: "currentColor", fontSize: 12 }, stroke: "currentColor", strokeOpacity: 0.3 } as const;
/** Legend labels in the text colour (the series' own colours are too faint on one theme or the other); the swatch keeps the colour. */
export const legend = {
  wrapperStyle: { fontSize: 12 },
  formatter: (value: string) => <span className="text-zinc-700 dark:text-zinc-300">{value}</span>,
} as const;

export const grid = { stroke: "currentColor", strokeOpacity: 0.12, vertical: false } as const;

/** "2026-11-22" → "Nov 22" (the day is UTC; formatted in UTC so it never shifts a day). */
export const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString([], { month: "short", day: "numeric", timeZone: "UTC" });

export const tokens = (n: number) => new Intl.NumberFormat([], { notation: "compact", maximumFractionDigits: 1 }).format(n);

export const usd = (n: number) => `$${n < 1 ? n.toFixed(4) : n.toFixed(2)}`;

/** Axis ticks: whole dollars and cents need no four decimals. */
export const usdTick = (n: number) => (n === 0 ? "$0" : usd(n));

export const ms = (n: number | null) => (n === null ? "–" : n < 1000 ? `${n} ms` : `${(n / 1000).toFixed(1)} s`);
