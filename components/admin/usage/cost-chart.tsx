"use client";
// Estimated cost per agent per day, stacked. Runs of a model without a price are not drawn as
// $0: they are listed under the chart with a link to set a price.
import Link from "next/link";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { costRows, unpricedModels } from "@/lib/usage/chart-rows";
import type { UsageDto } from "@/lib/usage/usage-dto";
import { ChartFigure } from "./chart-figure";
import { AGENT_COLORS, axis, grid, legend, shortDay, usd, usdTick } from "./chart-style";
import { ChartTooltip } from "./chart-tooltip";

export function CostChart({ usage }: { usage: UsageDto }) {
  const rows = costRows(usage);
  const unpriced = unpricedModels(usage);
  const total = usage.cost.reduce((s, c) => s + (c.usd ?? 0), 0);
  const cell = (day: string, agentId: string) => {
    const c = usage.cost.find((x) => x.day === day && x.agentId === agentId);
    if (!c) return usd(0);
    const priced = c.usd === null ? "" : usd(c.usd);
    return c.unpriced.length ? `${priced}${priced ? " + " : ""}no price for ${c.unpriced.join(", ")}` : priced;
  };
  return (
    <div>
      <ChartFigure
        title="Estimated cost per day"
        summary={`${usd(total)} for priced models over ${usage.days.length} days${unpriced.length ? `; ${unpriced.length} model(s) have no price` : ""}.`}
        columns={["Day", ...usage.agents.map((a) => a.name)]}
        rows={usage.days.map((day) => [day, ...usage.agents.map((a) => cell(day, a.id))])}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows}>
            <CartesianGrid {...grid} />
            <XAxis dataKey="day" tickFormatter={shortDay} {...axis} />
            <YAxis tickFormatter={usdTick} width={64} {...axis} />
            <Tooltip content={<ChartTooltip format={usd} />} cursor={{ fill: "currentColor", fillOpacity: 0.08 }} />
            <Legend {...legend} />
            {usage.agents.map((a, i) => (
              <Bar isAnimationActive={false} key={a.id} dataKey={a.id} name={a.name} stackId="cost" fill={AGENT_COLORS[i % AGENT_COLORS.length]} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>
      {unpriced.length > 0 && (
        <p className="mt-2 text-sm text-amber-800 dark:text-amber-300">
          No price for {unpriced.map((u) => `${u.model} (${u.agents.join(", ")})`).join("; ")}: not counted above.{" "}
          <Link href="/admin/settings" className="font-medium underline">
            Set prices
          </Link>
        </p>
      )}
    </div>
  );
}
