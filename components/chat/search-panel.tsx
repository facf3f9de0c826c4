"use client";
// Search results beside the open space (a full-screen sheet on a phone): newest first, each
// with its space, sender, time and a snippet whose matched words are <mark>ed. The snippet is
// split into text runs by its marks (lib/search/snippet.ts) and rendered as React text, so
// whatever a message contains stays text. Choosing a result opens it in its space.
import { Avatar } from "./avatar";
import { snippetParts, plainSnippet } from "@/lib/search/snippet";
import type { SearchResultDto } from "@/lib/search/search-result";
import type { SearchState } from "./use-search";

interface Props {
  search: SearchState;
  onOpen(result: SearchResultDto): void;
  onMore(): void;
  onClose(): void;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { month: "short", day: "numeric", year: "numeric", hour: "2-digit", minute: "2-digit" });

export function SearchPanel({ search, onOpen, onMore, onClose }: Props) {
  const { results, loading, error, nextCursor, query } = search;
  return (
    <aside
      aria-label="Search results"
      className="flex w-96 shrink-0 flex-col border-l border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950 max-md:fixed max-md:inset-0 max-md:z-30 max-md:w-auto md:max-lg:absolute md:max-lg:inset-y-0 md:max-lg:right-0 md:max-lg:z-20 md:max-lg:shadow-xl"
    >
      <div className="flex items-center gap-2 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <h2 className="min-w-0 flex-1 truncate font-semibold">
          Results for <span className="font-normal text-zinc-600 dark:text-zinc-300">“{query}”</span>
        </h2>
        <button type="button" onClick={onClose} aria-label="Close search" className="rounded px-2 py-1 hover:bg-zinc-100 dark:hover:bg-zinc-800">
          ✕
        </button>
      </div>
      <div className="flex-1 overflow-y-auto">
        {error && (
          <p role="alert" className="m-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
            {error}
          </p>
        )}
        {!loading && !error && results.length === 0 && (
          <p role="status" className="px-4 py-6 text-center text-sm text-zinc-500">
            No messages match. Try other words, or filters like <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">from:@name</code>,{" "}
            <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">in:#channel</code>,{" "}
            <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">after:2026-01-31</code>.
          </p>
        )}
        <ul aria-label="Matching messages" className="divide-y divide-zinc-100 dark:divide-zinc-900">
          {results.map((r) => (
            <li key={r.messageId}>
              <button
                type="button"
                onClick={() => onOpen(r)}
                aria-label={`${r.sender.name} in ${placeName(r)}, ${when(r.createdAt)}: ${plainSnippet(r.snippet)}`}
                className="flex w-full gap-3 px-4 py-3 text-left hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-visible:outline-none dark:hover:bg-zinc-900 dark:focus-visible:bg-zinc-900"
              >
                <Avatar entity={r.sender} size={28} />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline gap-2 text-xs text-zinc-500">
                    <span className="max-w-[45%] shrink-0 truncate font-semibold text-zinc-800 dark:text-zinc-200">{r.sender.name}</span>
                    <span className="min-w-0 truncate">{placeName(r)}</span>
                    <time dateTime={r.createdAt} className="ml-auto shrink-0">
                      {when(r.createdAt)}
                    </time>
                  </span>
                  <span className="mt-0.5 block text-sm break-words text-zinc-700 dark:text-zinc-300">
                    {snippetParts(r.snippet).map((p, i) =>
                      p.hit ? (
                        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one snippet never reorder
                        <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-500/40">
                          {p.text}
                        </mark>
                      ) : (
                        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one snippet never reorder
                        <span key={i}>{p.text}</span>
                      ),
                    )}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
        {loading && (
          <p role="status" className="px-4 py-3 text-center text-sm text-zinc-500">
            Searching…
          </p>
        )}
        {!loading && nextCursor && (
          <div className="p-3 text-center">
            <button
              type="button"
              onClick={onMore}
              className="rounded-lg border border-zinc-200 px-3 py-1 text-sm hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
            >
              Older results
            </button>
          </div>
        )}
      </div>
    </aside>
  );
}

const placeName = (r: SearchResultDto) => (r.spaceKind === "channel" ? `#${r.spaceName}` : r.spaceName);
