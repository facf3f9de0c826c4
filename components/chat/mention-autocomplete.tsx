"use client";
// The composer's @ / # autocomplete: what is being typed at the caret, the matching members or
// channels (capped), and the listbox that shows them. Keys are handled by the composer.
import clsx from "clsx";
import { MENTION_AUTOCOMPLETE_RESULTS } from "@/lib/limits";

export interface Suggestion {
  sigil: "@" | "#";
  id: string;
  name: string;
  /** "agent", "person" or "channel": said beside the name. */
  what: string;
}

/** The `@que` or `#que` right before the caret, if the caret is in one. */
export function typedQuery(text: string, caret: number): { sigil: "@" | "#"; query: string; start: number } | null {
  const m = /(?:^|[\s(])([@#])([^\s@#<>]{0,40})$/.exec(text.slice(0, caret));
  if (!m) return null;
  return { sigil: m[1] as "@" | "#", query: m[2]!, start: caret - m[2]!.length - 1 };
}

/** Names starting with the query first, then names containing it; at most MENTION_AUTOCOMPLETE_RESULTS. */
export function matchSuggestions(all: Suggestion[], query: string): Suggestion[] {
  const q = query.toLowerCase();
  const starts = all.filter((s) => s.name.toLowerCase().startsWith(q));
  const contains = all.filter((s) => !s.name.toLowerCase().startsWith(q) && s.name.toLowerCase().includes(q));
  return [...starts, ...contains].slice(0, MENTION_AUTOCOMPLETE_RESULTS);
}

export function SuggestionList({
  id,
  items,
  active,
  onPick,
  onHover,
}: {
  id: string;
  items: Suggestion[];
  active: number;
  onPick(s: Suggestion): void;
  onHover(i: number): void;
}) {
  const sigil = items[0]?.sigil ?? "@";
  return (
    <div
      id={id}
      role="listbox"
      aria-label={sigil === "@" ? "Members to mention" : "Channels to link"}
      className="absolute bottom-full left-0 z-20 mb-1 max-h-64 w-72 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-lg border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
    >
      {items.map((s, i) => (
        // Options are chosen with the composer's keys (aria-activedescendant) or a click; they never take focus.
        // biome-ignore lint/a11y/useKeyWithClickEvents: the textarea handles the keys for the list
        <div
          key={s.id}
          tabIndex={-1}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          aria-label={`${s.sigil}${s.name}`}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(s)}
          onMouseEnter={() => onHover(i)}
          className={clsx(
            "flex cursor-pointer items-center gap-2 px-3 py-1.5",
            i === active ? "bg-accent-600 text-white" : "hover:bg-zinc-100 dark:hover:bg-zinc-800",
          )}
        >
          <span className="min-w-0 flex-1 truncate font-medium">
            {s.sigil}
            {s.name}
          </span>
          <span className={clsx("text-xs", i === active ? "text-white/80" : "text-zinc-500")}>{s.what}</span>
        </div>
      ))}
    </div>
  );
}
