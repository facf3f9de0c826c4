"use client";
// The emoji picker: a native <dialog> by the button that opened it (the browser gives the focus
// trap, Escape and the top layer, so no scrolling container clips it). Frequently used first,
// then every emoji; the search box finds them by name or keyword, Enter picks the first match,
// and the arrow keys move through the grid. The emoji data (about half a megabyte) is imported
// only when a picker first opens.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { EmojiEntry } from "@/lib/emoji/emoji-set";
import { frequentEmoji } from "./emoji-usage";

type EmojiModule = typeof import("@/lib/emoji/emoji-set");
let loading: Promise<EmojiModule> | null = null;
const loadEmoji = () => (loading ??= import("@/lib/emoji/emoji-set"));

const COLUMNS = 8;
const WIDTH_REM = 21;
/** Search results rendered at once: a short query matches hundreds, and nobody scrolls that far. */
const MAX_RESULTS = 240;

export function EmojiPicker({
  meId,
  anchor,
  onPick,
  onClose,
}: {
  meId: string;
  /** The button that opened it: the picker sits by it, and focus returns to it. */
  anchor: HTMLElement | null;
  onPick(emoji: string): void;
  onClose(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const [data, setData] = useState<EmojiModule | null>(null);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [position, setPosition] = useState<React.CSSProperties>({});

  useEffect(() => {
    let live = true;
    void loadEmoji().then((m) => live && setData(m));
    return () => {
      live = false;
    };
  }, []);

  // Opened as a modal by the anchor: below it when there is room, else above; always on
  // screen, placed again when the window changes size (a phone turned, a keyboard shown).
  useLayoutEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (!d.open) d.showModal();
    const place = () => {
      const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      const width = Math.min(WIDTH_REM * rem, window.innerWidth - 16);
      const height = Math.min(24 * rem, window.innerHeight - 16);
      const r = anchor?.getBoundingClientRect();
      const left = Math.max(8, Math.min((r?.right ?? window.innerWidth / 2) - width, window.innerWidth - width - 8));
      const below = (r?.bottom ?? 0) + 4;
      const top = below + height <= window.innerHeight - 8 ? below : Math.max(8, (r?.top ?? height) - height - 4);
      setPosition({ position: "fixed", margin: 0, left, top, width, maxHeight: height });
    };
    place();
    search.current?.focus();
    window.addEventListener("resize", place);
    return () => window.removeEventListener("resize", place);
  }, [anchor]);

  const frequent = useMemo(() => frequentEmoji(meId), [meId]);
  const entries: EmojiEntry[] = useMemo(() => {
    if (!data) return [];
    if (query.trim()) return data.searchEmoji(query).slice(0, MAX_RESULTS);
    const byEmoji = new Map(data.EMOJI.map((e) => [e.emoji, e]));
    const top = frequent.flatMap((e) => byEmoji.get(e) ?? []);
    return [...top, ...data.EMOJI.filter((e) => !frequent.includes(e.emoji))];
  }, [data, query, frequent]);
  const frequentCount = query.trim() || !data ? 0 : entries.findIndex((e) => !frequent.includes(e.emoji));

  const close = () => {
    dialog.current?.close();
  };
  const pick = (emoji: string) => {
    onPick(emoji);
    close();
  };
  const focusCell = (i: number) => {
    const n = Math.max(0, Math.min(i, entries.length - 1));
    setActive(n);
    grid.current?.querySelector<HTMLButtonElement>(`[data-index="${n}"]`)?.focus();
  };
  const onGridKey = (e: React.KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS };
    if (e.key in moves) {
      e.preventDefault();
      if (e.key === "ArrowUp" && active < COLUMNS) search.current?.focus();
      else focusCell(active + moves[e.key]!);
    } else if (e.key === "Home") focusCell(0);
    else if (e.key === "End") focusCell(entries.length - 1);
    else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && e.key !== " ") search.current?.focus(); // typing searches
  };

  const cell = (e: EmojiEntry, i: number) => (
    <button
      key={e.emoji}
      type="button"
      data-index={i}
      tabIndex={i === active ? 0 : -1}
      onClick={() => pick(e.emoji)}
      onFocus={() => setActive(i)}
      aria-label={e.label}
      title={e.label}
      className="grid aspect-square place-items-center rounded-lg text-2xl leading-none hover:bg-zinc-100 focus-visible:bg-accent-100 focus-visible:outline-2 focus-visible:outline-accent-500 dark:hover:bg-zinc-800 dark:focus-visible:bg-accent-600/30"
    >
      {e.emoji}
    </button>
  );

  // In <body>, not in the message's hover bar: that bar is see-through and click-through until
  // hovered or focused, and CSS it sets (pointer-events) would reach the dialog too.
  return createPortal(
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; Escape is the keyboard's way, built into <dialog>
    <dialog
      ref={dialog}
      onClose={() => {
        onClose();
        anchor?.focus();
      }}
      onClick={(e) => e.target === dialog.current && close()}
      aria-label="Add reaction"
      style={position}
      className="flex flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/10 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:backdrop:bg-black/40"
    >
      <div className="border-b border-zinc-200 p-2 dark:border-zinc-800">
        <input
          ref={search}
          type="search"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && entries[0]) {
              e.preventDefault();
              pick(entries[0].emoji);
            } else if (e.key === "ArrowDown") {
              e.preventDefault();
              focusCell(0);
            }
          }}
          placeholder="Search emoji"
          aria-label="Search emoji"
          className="block w-full rounded-lg border border-zinc-300 bg-white px-3 py-1.5 text-sm outline-none focus:border-accent-500 focus:ring-2 focus:ring-accent-500/30 dark:border-zinc-700 dark:bg-zinc-950"
        />
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys of the buttons inside are handled together here */}
      <div ref={grid} onKeyDown={onGridKey} className="min-h-0 flex-1 overflow-y-auto p-2">
        {!data && (
          <p role="status" className="p-4 text-center text-sm text-zinc-500">
            Loading emoji…
          </p>
        )}
        {data && entries.length === 0 && (
          <p role="status" className="p-4 text-center text-sm text-zinc-500">
            No emoji found
          </p>
        )}
        {frequentCount > 0 && (
          <section aria-label="Frequently used">
            <h3 className="px-1 pb-1 text-xs font-semibold text-zinc-500">Frequently used</h3>
            <div className="grid grid-cols-8 gap-0.5">{entries.slice(0, frequentCount).map(cell)}</div>
          </section>
        )}
        {entries.length > 0 && (
          <section aria-label={query.trim() ? "Search results" : "All emoji"}>
            {frequentCount > 0 && <h3 className="px-1 pt-2 pb-1 text-xs font-semibold text-zinc-500">All emoji</h3>}
            <div className="grid grid-cols-8 gap-0.5">{entries.slice(frequentCount).map((e, i) => cell(e, i + frequentCount))}</div>
          </section>
        )}
      </div>
    </dialog>,
    document.body,
  );
}
