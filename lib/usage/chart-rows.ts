// The usage series pivoted into one row per day, as charts and their data tables read them.
// Days without data get zeros (tokens, outcomes) or nothing (cost: no runs is not $0 of
// unpriced runs; durations: no runs has no median).
import type { UsageDto } from "./usage-dto";

export interface TokenRow {
  day: string;
  uncachedInput: number;
  cachedInput: number;
  output: number;
  cachedShare: number | null;
}

/** One agent's tokens per day: input split into uncached and cached, so the bars stack to the whole input. */
export function agentTokenRows(usage: UsageDto, agentId: string): TokenRow[] {
  const byDay = new Map(usage.tokens.filter((t) => t.agentId === agentId).map((t) => [t.day, t]));
  return usage.days.map((day) => {
    const t = byDay.get(day);
    return t
      ? { day, uncachedInput: t.input - t.cachedInput, cachedInput: t.cachedInput, output: t.output, cachedShare: t.cachedShare }
      : { day, uncachedInput: 0, cachedInput: 0, output: 0, cachedShare: null };
  });
}

/** Cost per day with one column per agent id (undefined: no priced runs that day). */
export function costRows(usage: UsageDto): ({ day: string } & Record<string, number | string | undefined>)[] {
  return usage.days.map((day) => {
    const row: { day: string } & Record<string, number | string | undefined> = { day };
    for (const c of usage.cost) if (c.day === day && c.usd !== null) row[c.agentId] = c.usd;
    return row;
  });
}

/** Models that had runs in the range but no price, with the agents that ran them. */
export function unpricedModels(usage: UsageDto): { model: string; agents: string[] }[] {
  const names = new Map(usage.agents.map((a) => [a.id, a.name]));
  const byModel = new Map<string, Set<string>>();
  for (const c of usage.cost) for (const m of c.unpriced) byModel.set(m, (byModel.get(m) ?? new Set()).add(names.get(c.agentId) ?? c.agentId));
  return [...byModel].map(([model, agents]) => ({ model, agents: [...agents].sort() })).sort((a, b) => a.model.localeCompare(b.model));
}
