"use client";
// The admin run list: filters kept in the page address, pages of older runs on request (keyset
// cursor from the API), and live: runs pushed to the admins' room are updated in place or, when
// new and matching the filters, added at once and their trigger words fetched with the newest
// page, at most every REFRESH_MS however busy the workspace is.
import { useCallback, useEffect, useRef, useState } from "react";
import { usePathname, useRouter } from "next/navigation";
import type { RunFilterOptions, RunListDto, RunListItemDto } from "@/lib/runs/run-dtos";
import { filtersToApiQuery, filtersToSearch, runMatches, type RunFilters } from "@/lib/runs/run-filters";
import { mergeRuns } from "@/lib/runs/merge-runs";
import { RunFiltersForm } from "./run-filters-form";
import { RunTable } from "./run-table";
import { useRunSocket } from "./use-run-socket";

const REFRESH_MS = 2000;

export function RunList({ initialFilters, options }: { initialFilters: RunFilters; options: RunFilterOptions }) {
  const router = useRouter();
  const path = usePathname();
  const [filters, setFilters] = useState(initialFilters);
  const [runs, setRuns] = useState<RunListItemDto[] | null>(null);
  const [nextBefore, setNextBefore] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const fetchPage = useCallback(
    async (before: string | null): Promise<RunListDto | null> => {
      const res = await fetch(`/api/runs?${filtersToApiQuery(filters, Date.now(), before)}`);
      const body = await res.json().catch(() => null);
      if (!res.ok) {
        setError(body?.error?.message ?? `Could not load runs (${res.status})`);
        return null;
      }
      setError(null);
      return body as RunListDto;
    },
    [filters],
  );

  // A new filter starts over from the newest runs.
  useEffect(() => {
    let stale = false;
    setRuns(null);
    void fetchPage(null).then((page) => {
      if (stale || !page) return;
      setRuns(page.runs);
      setNextBefore(page.nextBefore);
    });
    return () => {
      stale = true;
      // A refresh planned under the old filters must not merge its runs into the new list.
      clearTimeout(refreshTimer.current ?? undefined);
      refreshTimer.current = null;
    };
  }, [fetchPage]);

  // When each run was last pushed: a refresh that left before a push must not undo it with
  // the older row it read (the pushed run was read after the change it reports).
  const pushedAt = useRef(new Map<string, number>());
  const refreshNewest = useCallback(() => {
    if (refreshTimer.current) return;
    refreshTimer.current = setTimeout(async () => {
      refreshTimer.current = null;
      const leftAt = performance.now();
      const page = await fetchPage(null);
      if (!page) return;
      const fresh = page.runs.filter((r) => (pushedAt.current.get(r.id) ?? 0) < leftAt);
      setRuns((list) => (list ? mergeRuns(list, fresh) : page.runs));
    }, REFRESH_MS);
  }, [fetchPage]);
  useEffect(() => () => clearTimeout(refreshTimer.current ?? undefined), []);

  const agentEntity = options.agents.find((a) => a.id === filters.agentId)?.entityId;
  useRunSocket({
    onRun: (run) => {
      const now = performance.now();
      // Only pushes newer than a refresh in flight matter: older ones are forgotten.
      if (pushedAt.current.size > 1000) for (const [id, at] of pushedAt.current) if (now - at > 60_000) pushedAt.current.delete(id);
      pushedAt.current.set(run.id, now);
      setRuns((list) => {
        if (!list) return list;
        const known = list.some((r) => r.id === run.id);
        const matches = runMatches(run, filters, agentEntity, Date.now());
        if (known) return matches ? mergeRuns(list, [run]) : list.filter((r) => r.id !== run.id);
        if (!matches) return list;
        refreshNewest();
        return mergeRuns(list, [run]);
      });
    },
    onLive: refreshNewest,
  });

  const change = (next: RunFilters) => {
    setFilters(next);
    const query = filtersToSearch(next).toString();
    router.replace(query ? `${path}?${query}` : path, { scroll: false });
  };

  const loadMore = async () => {
    setLoadingMore(true);
    const page = await fetchPage(nextBefore);
    setLoadingMore(false);
    if (!page) return;
    setRuns((list) => mergeRuns(list ?? [], page.runs));
    setNextBefore(page.nextBefore);
  };

  return (
    <div className="space-y-4">
      <RunFiltersForm filters={filters} options={options} onChange={change} />
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {!runs && !error && (
        <p role="status" className="text-sm text-zinc-500">
          Loading runs…
        </p>
      )}
      {runs && runs.length === 0 && (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          {Object.values(filters).some(Boolean) ? "No runs match these filters." : "No runs yet. Write in a space with an agent member."}
        </p>
      )}
      {runs && runs.length > 0 && <RunTable runs={runs} />}
      {runs && nextBefore && (
        <button
          type="button"
          onClick={loadMore}
          disabled={loadingMore}
          className="rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-white/5"
        >
          {loadingMore ? "Loading older runs…" : "Load older runs"}
        </button>
      )}
    </div>
  );
}
