import { RangeSelector } from "@/components/admin/usage/range-selector";
import { CostChart } from "@/components/admin/usage/cost-chart";
import { DurationChart, OutcomesChart } from "@/components/admin/usage/run-charts";
import { TokenCharts } from "@/components/admin/usage/token-charts";
import { USAGE_RANGE_DAYS } from "@/lib/limits";
import { getDb } from "@/server/db/client";
import { getUsage } from "@/server/domain/usage/get-usage";
import { adminUser } from "../admin-user";

export const dynamic = "force-dynamic";

export default async function UsagePage({ searchParams }: { searchParams: Promise<{ days?: string }> }) {
  const me = await adminUser();
  if (!me) return null; // the layout answers 403
  const asked = Number((await searchParams).days);
  // An unknown range in the address shows the default rather than an error page.
  const days = (USAGE_RANGE_DAYS as readonly number[]).includes(asked) ? asked : USAGE_RANGE_DAYS[0];
  const usage = await getUsage({ db: getDb() }, me, { query: { days: String(days) } });
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Usage</h1>
        <RangeSelector days={days} />
      </div>
      <p className="mt-1 mb-5 text-sm text-zinc-600 dark:text-zinc-400">
        By the UTC day each run was queued, {usage.days[0]} to {usage.days.at(-1)}. Cost is an estimate from the prices in Settings.
      </p>
      <div className="space-y-8">
        <section aria-labelledby="usage-tokens">
          <h2 id="usage-tokens" className="mb-3 text-lg font-semibold">
            Tokens
          </h2>
          <TokenCharts usage={usage} />
        </section>
        <section aria-labelledby="usage-cost">
          <h2 id="usage-cost" className="mb-3 text-lg font-semibold">
            Cost
          </h2>
          <CostChart usage={usage} />
        </section>
        <section aria-labelledby="usage-runs">
          <h2 id="usage-runs" className="mb-3 text-lg font-semibold">
            Runs
          </h2>
          <div className="grid gap-4 lg:grid-cols-2">
            <OutcomesChart usage={usage} />
            <DurationChart usage={usage} />
          </div>
        </section>
      </div>
    </>
  );
}
