// Pure: the grouped rows → the usage page's series. Costs use the model's price (admin's,
// else default, lib/usage/default-prices.ts); a model with neither is listed as unpriced,
// never counted as free.
import { costUsd } from "@/lib/usage/cost";
import { priceFor } from "@/lib/usage/default-prices";
import type { CostPoint, DurationPoint, ModelPriceDto, OutcomesPoint, TokensPoint } from "@/lib/usage/usage-dto";
import type { DurationRow, OutcomeRow, TokenRow } from "./usage-rows";

type Price = Omit<ModelPriceDto, "modelId">;

/** Every UTC day from `days − 1` days before `now`'s day through that day, oldest first. */
export function rangeDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

const key = (agentId: string, day: string) => `${agentId} ${day}`;

export function tokenSeries(rows: readonly TokenRow[]): TokensPoint[] {
  const byAgentDay = new Map<string, TokensPoint>();
  for (const r of rows) {
    const k = key(r.agentId, r.day);
    const p = byAgentDay.get(k) ?? { day: r.day, agentId: r.agentId, input: 0, cachedInput: 0, output: 0, cachedShare: null };
    p.input += Number(r.input);
    p.cachedInput += Number(r.cachedInput);
    p.output += Number(r.output);
    byAgentDay.set(k, p);
  }
  return [...byAgentDay.values()].map((p) => ({ ...p, cachedShare: p.input > 0 ? p.cachedInput / p.input : null })).sort(byDayThenAgent);
}

export function costSeries(rows: readonly TokenRow[], prices: ReadonlyMap<string, Price>): CostPoint[] {
  const byAgentDay = new Map<string, CostPoint>();
  for (const r of rows) {
    const k = key(r.agentId, r.day);
    const p = byAgentDay.get(k) ?? { day: r.day, agentId: r.agentId, usd: null, unpriced: [] };
    const price = priceFor(r.model, prices);
    if (price) p.usd = (p.usd ?? 0) + costUsd({ input: Number(r.input), cachedInput: Number(r.cachedInput), output: Number(r.output) }, price);
    else if (!p.unpriced.includes(r.model)) p.unpriced.push(r.model);
    byAgentDay.set(k, p);
  }
  return [...byAgentDay.values()].sort(byDayThenAgent);
}

export function outcomeSeries(days: readonly string[], rows: readonly OutcomeRow[]): OutcomesPoint[] {
  const byDay = new Map(days.map((day) => [day, { day, completed: 0, failed: 0, canceled: 0 }]));
  for (const r of rows) {
    const p = byDay.get(r.day);
    if (p) p[r.status] += Number(r.runs);
  }
  return [...byDay.values()];
}

export function durationSeries(days: readonly string[], rows: readonly DurationRow[]): DurationPoint[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return days.map((day) => {
    const r = byDay.get(day);
    return r
      ? {
          day,
          runs: Number(r.runs),
          medianMs: r.medianMs === null ? null : Math.round(Number(r.medianMs)),
          p95Ms: r.p95Ms === null ? null : Math.round(Number(r.p95Ms)),
        }
      : { day, runs: 0, medianMs: null, p95Ms: null };
  });
}

const byDayThenAgent = (a: { day: string; agentId: string }, b: { day: string; agentId: string }) =>
  a.day < b.day ? -1 : a.day > b.day ? 1 : a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : 0;
