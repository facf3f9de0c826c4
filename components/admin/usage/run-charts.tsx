"use client";
// Run outcomes per day (completed, failed, canceled, stacked) and run duration per day
// (median and 95th percentile of the runs that ended).
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { UsageDto } from "@/lib/usage/usage-dto";
import { ChartFigure } from "./chart-figure";
import { COLORS, axis, grid, legend, ms, shortDay } from "./chart-style";
import { ChartTooltip } from "./chart-tooltip";

const count = (n: number) => String(n);

export function OutcomesChart({ usage }: { usage: UsageDto }) {
  const sum = (k: "completed" | "failed" | "canceled") => usage.outcomes.reduce((s, o) => s + o[k], 0);
  return (
    <ChartFigure
      title="Run outcomes per day"
      summary={`${sum("completed")} completed, ${sum("failed")} failed, ${sum("canceled")} canceled over ${usage.days.length} days.`}
      columns={["Day", "Completed", "Failed", "Canceled"]}
      rows={usage.outcomes.map((o) => [o.day, o.completed, o.failed, o.canceled])}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={usage.outcomes}>
          <CartesianGrid {...grid} />
          <XAxis dataKey="day" tickFormatter={shortDay} {...axis} />
          <YAxis allowDecimals={false} width={40} {...axis} />
          <Tooltip content={<ChartTooltip format={count} />} cursor={{ fill: "currentColor", fillOpacity: 0.08 }} />
          <Legend {...legend} />
          <Bar isAnimationActive={false} dataKey="completed" name="Completed" stackId="o" fill={COLORS.completed} />
          <Bar isAnimationActive={false} dataKey="failed" name="Failed" stackId="o" fill={COLORS.failed} />
          <Bar isAnimationActive={false} dataKey="canceled" name="Canceled" stackId="o" fill={COLORS.canceled} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

export function DurationChart({ usage }: { usage: UsageDto }) {
  const withRuns = usage.durations.filter((d) => d.runs > 0);
  const worst = withRuns.reduce<number | null>((m, d) => (d.p95Ms !== null && (m === null || d.p95Ms > m) ? d.p95Ms : m), null);
  return (
    <ChartFigure
      title="Run duration per day"
      summary={withRuns.length ? `Median and 95th percentile of ended runs; the highest daily p95 was ${ms(worst)}.` : "No run ended in this range."}
      columns={["Day", "Runs", "Median", "95th percentile"]}
      rows={usage.durations.map((d) => [d.day, d.runs, ms(d.medianMs), ms(d.p95Ms)])}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={usage.durations}>
          <CartesianGrid {...grid} />
          <XAxis dataKey="day" tickFormatter={shortDay} {...axis} />
          <YAxis tickFormatter={(v: number) => ms(v)} width={64} {...axis} />
          <Tooltip content={<ChartTooltip format={(v) => ms(v)} />} />
          <Legend {...legend} />
          <Line isAnimationActive={false} dataKey="medianMs" name="Median" stroke={COLORS.median} strokeWidth={2} dot={{ r: 2 }} connectNulls={false} />
          <Line
            isAnimationActive={false}
            dataKey="p95Ms"
            name="p95"
            stroke={COLORS.p95}
            strokeWidth={2}
            dot={{ r: 2 }}
            connectNulls={false}
            strokeDasharray="4 3"
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
