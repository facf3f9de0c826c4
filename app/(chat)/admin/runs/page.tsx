import { RunList } from "@/components/runs/run-list";
import { filtersFromSearch } from "@/lib/runs/run-filters";
import { getDb } from "@/server/db/client";
import { listRunFilterOptions } from "@/server/domain/runs/run-filter-options";
import { adminUser } from "../admin-user";

export const dynamic = "force-dynamic";

export default async function AdminRunsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await adminUser();
  if (!me) return null; // the layout answers 403
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(await searchParams)) if (typeof v === "string") query.set(k, v);
  const options = await listRunFilterOptions({ db: getDb() }, { isAdmin: me.isAdmin, entityId: me.entity.id });
  return (
    <>
      <h1 className="text-2xl font-semibold">Agent runs</h1>
      <p className="mt-1 mb-5 text-sm text-zinc-600 dark:text-zinc-400">Newest first; new runs and status changes appear as they happen.</p>
      <RunList initialFilters={filtersFromSearch(query)} options={options} />
    </>
  );
}
