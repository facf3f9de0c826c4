// Daily token budgets, per agent and per space: once the runs since 00:00 UTC (of the agent,
// or triggered in the space) have used one up (input + output tokens), triggers are refused
// until the next UTC day. A run's cost is known only after it ran, so the check is "already
// spent", and the last run of a day may go past it.
import { startOfUtcDay } from "@/lib/utc-day";
import type { Db } from "../../db/client";

/** Why the agent may not start a run now, or null when it has budget left (or none is set). */
export async function budgetRefusal(db: Pick<Db, "run">, agent: { id: string; dailyTokenBudget: number | null }, now: Date): Promise<string | null> {
  if (agent.dailyTokenBudget === null) return null;
  const spent =
    (await db.run.aggregate({ where: { agentId: agent.id, queuedAt: { gte: startOfUtcDay(now) } }, _sum: { totalTokens: true } }))._sum.totalTokens ?? 0;
  if (spent < agent.dailyTokenBudget) return null;
  return `budget: the agent has used ${spent} of its ${agent.dailyTokenBudget} tokens for today (UTC)`;
}

/** Why no agent may start a run from this space's messages now, or null when it has budget left (or none is set). */
export async function spaceBudgetRefusal(db: Db, space: { id: string; dailyTokenBudget: number | null }, now: Date): Promise<string | null> {
  if (space.dailyTokenBudget === null) return null;
  const spent =
    (await db.run.aggregate({ where: { triggerSpaceId: space.id, queuedAt: { gte: startOfUtcDay(now) } }, _sum: { totalTokens: true } }))._sum.totalTokens ?? 0;
  if (spent < space.dailyTokenBudget) return null;
  return `budget: the space's agents have used ${spent} of its ${space.dailyTokenBudget} tokens for today (UTC)`;
}
