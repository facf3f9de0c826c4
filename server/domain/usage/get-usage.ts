// Usage at a glance (admins): tokens and estimated cost per agent per day, run outcomes and
// run durations per day, over the last 7 or 30 UTC days.
import { z } from "zod";
import { USAGE_RANGE_DAYS } from "@/lib/limits";
import type { UsageDto } from "@/lib/usage/usage-dto";
import type { Actor, Deps } from "../deps";
import { invalidInput } from "../errors";
import { requireUsageAdmin } from "./require-usage-admin";
import { adminPrices } from "./model-prices";
import { costSeries, durationSeries, outcomeSeries, rangeDays, tokenSeries } from "./usage-series";
import { durationRows, outcomeRows, tokenRows } from "./usage-rows";

/** Query-string values, so the number arrives as text. */
export const usageQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (USAGE_RANGE_DAYS as readonly number[]).includes(d), { message: `must be one of ${USAGE_RANGE_DAYS.join(", ")}` })
    .default(USAGE_RANGE_DAYS[0]),
});

/** `query` is checked only once the actor may see usage: a member learns nothing from a 400. */
export async function getUsage(
  { db }: Pick<Deps, "db">,
  actor: Pick<Actor, "isAdmin">,
  input: { query: Record<string, string>; now?: Date },
): Promise<UsageDto> {
  requireUsageAdmin(actor);
  const parsed = usageQuery.safeParse(input.query);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  const days = rangeDays(input.now ?? new Date(), parsed.data.days);
  const since = days[0]!;
  const [tokens, outcomes, durations, prices] = await Promise.all([tokenRows(db, since), outcomeRows(db, since), durationRows(db, since), adminPrices(db)]);
  const agentIds = [...new Set(tokens.map((r) => r.agentId))];
  const agents = await db.agent.findMany({ where: { id: { in: agentIds } }, select: { id: true, entity: { select: { name: true } } } });
  return {
    days,
    agents: agents.map((a) => ({ id: a.id, name: a.entity.name })).sort((a, b) => a.name.localeCompare(b.name)),
    tokens: tokenSeries(tokens),
    cost: costSeries(tokens, prices),
    outcomes: outcomeSeries(days, outcomes),
    durations: durationSeries(days, durations),
  };
}
