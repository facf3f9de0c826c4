"use client";
// Tokens per agent per day, one small chart per agent: input (uncached and cached, stacked to
// the whole input) and output.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { agentTokenRows } from "@/lib/usage/chart-rows";
import type { UsageDto } from "@/lib/usage/usage-dto";
import { ChartFigure } from "./chart-figure";
import { COLORS, axis, grid, legend, shortDay, tokens } from "./chart-style";
import { ChartTooltip } from "./chart-tooltip";

export function TokenCharts({ usage }: { usage: UsageDto }) {
  if (!usage.agents.length) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No agent runs in this range.</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {usage.agents.map((agent) => {
        const rows = agentTokenRows(usage, agent.id);
        const total = rows.reduce((s, r) => s + r.uncachedInput + r.cachedInput + r.output, 0);
        const cached = rows.reduce((s, r) => s + r.cachedInput, 0);
        const input = rows.reduce((s, r) => s + r.uncachedInput + r.cachedInput, 0);
        return (
          <ChartFigure
            key={agent.id}
            title={`Tokens per day: ${agent.name}`}
            summary={`${tokens(total)} tokens in ${usage.days.length} days; ${input ? Math.round((cached / input) * 100) : 0}% of the input read from the provider's cache.`}
            columns={["Day", "Input (uncached)", "Cached input", "Output", "Cached share"]}
            rows={rows.map((r) => [
              r.day,
              r.uncachedInput,
              r.cachedInput,
              r.output,
              r.cachedShare === null ? "no input" : `${Math.round(r.cachedShare * 100)}%`,
            ])}
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={rows}>
                <CartesianGrid {...grid} />
                <XAxis dataKey="day" tickFormatter={shortDay} {...axis} />
                <YAxis tickFormatter={tokens} width={48} {...axis} />
                <Tooltip content={<ChartTooltip format={tokens} />} cursor={{ fill: "currentColor", fillOpacity: 0.08 }} />
                <Legend {...legend} />
                <Bar isAnimationActive={false} dataKey="uncachedInput" name="Input" stackId="in" fill={COLORS.uncachedInput} />
                <Bar isAnimationActive={false} dataKey="cachedInput" name="Cached input" stackId="in" fill={COLORS.cachedInput} />
                <Bar isAnimationActive={false} dataKey="output" name="Output" fill={COLORS.output} />
              </BarChart>
            </ResponsiveContainer>
          </ChartFigure>
        );
      })}
    </div>
  );
}
