"use client";
// The search panel's state: the query asked, its pages of results (older pages appended by
// cursor), and why the last request failed. A search runs when asked (Enter), not per key:
// each one spends the person's search budget.
import { useCallback, useRef, useState } from "react";
import type { SearchResultDto } from "@/lib/search/search-result";
import type { WorkspaceActions } from "./use-workspace";

export interface SearchState {
  query: string;
  results: SearchResultDto[];
  nextCursor: string | null;
  loading: boolean;
  error: string | null;
}

export function useSearch(actions: WorkspaceActions) {
  const [search, setSearch] = useState<SearchState | null>(null);
  // Answers of a search since replaced are dropped.
  const current = useRef(0);

  const run = useCallback(
    async (query: string, cursor?: string) => {
      const id = cursor ? current.current : ++current.current;
      setSearch((s) => ({ query, results: cursor ? (s?.results ?? []) : [], nextCursor: cursor ? (s?.nextCursor ?? null) : null, loading: true, error: null }));
      try {
        const page = await actions.search({ q: query, ...(cursor && { cursor }) });
        if (id !== current.current) return;
        setSearch((s) => ({
          query,
          results: [...(cursor ? (s?.results ?? []) : []), ...page.results],
          nextCursor: page.nextCursor,
          loading: false,
          error: null,
        }));
      } catch (e) {
        if (id !== current.current) return;
        setSearch((s) => ({ query, results: s?.results ?? [], nextCursor: s?.nextCursor ?? null, loading: false, error: (e as Error).message }));
      }
    },
    [actions],
  );

  const close = useCallback(() => {
    current.current++;
    setSearch(null);
  }, []);

  return { search, run, more: () => search?.nextCursor && void run(search.query, search.nextCursor), close };
}
