import { PriceForm } from "@/components/admin/settings/price-form";
import { getDb } from "@/server/db/client";
import { listModelPrices } from "@/server/domain/usage/list-model-prices";
import { adminUser } from "../admin-user";

export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  const me = await adminUser();
  if (!me) return null; // the layout answers 403
  const prices = await listModelPrices({ db: getDb() }, me);
  return (
    <>
      <h1 className="text-2xl font-semibold">Settings</h1>
      <section aria-labelledby="prices" className="mt-5">
        <h2 id="prices" className="text-lg font-semibold">
          Model prices
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-600 dark:text-zinc-400">
          USD per million tokens, for the usage page&apos;s cost estimate. Known models have defaults; change any, or add a model your agents use. A model
          without a price is shown as &ldquo;no price&rdquo;, never as free. Dated snapshots (<code>-20241022</code>, <code>-latest</code>) use their
          family&apos;s price.
        </p>
        <PriceForm initial={prices} />
      </section>
    </>
  );
}
