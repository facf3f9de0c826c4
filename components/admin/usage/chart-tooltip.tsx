"use client";
// Recharts' tooltip content, rendered by TooltipBox with each value in the chart's own format.
// Passed as an element (content={<ChartTooltip format={…} />}): Recharts adds the hover props.
import type { TooltipContentProps, TooltipValueType } from "recharts";
import { TooltipBox } from "./chart-figure";
import { shortDay } from "./chart-style";

type Props = Partial<TooltipContentProps<TooltipValueType, string | number>> & { format(value: number): string };

export function ChartTooltip({ format, active, payload, label }: Props) {
  const items = (payload ?? [])
    .filter((x) => x.value !== undefined && x.value !== null)
    .map((x) => ({ name: String(x.name), value: format(Number(x.value)), color: String(x.color ?? "currentColor") }));
  return <TooltipBox active={active} label={label ? shortDay(String(label)) : undefined} items={items} />;
}
