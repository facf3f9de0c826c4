"use client";
// The search field in the space's header. "/" focuses it from anywhere but a text field
// (Ctrl/Cmd-K stays the switcher); Enter searches; Escape clears it and gives the focus back.
import { type RefObject, useEffect, useState } from "react";
import { MAX_SEARCH_QUERY_LENGTH } from "@/lib/limits";

export function SearchBox({ inputRef, onSearch }: { inputRef: RefObject<HTMLInputElement | null>; onSearch(query: string): void }) {
  const [text, setText] = useState("");
  return (
    <search aria-label="Messages" className="max-sm:order-last max-sm:basis-full">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) onSearch(text.trim());
        }}
      >
        <input
          ref={inputRef}
          type="search"
          aria-label="Search messages"
          aria-keyshortcuts="/"
          placeholder="Search  /"
          maxLength={MAX_SEARCH_QUERY_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              setText("");
              e.currentTarget.blur();
            }
          }}
          className="w-56 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-1 text-sm placeholder:text-zinc-400 focus:w-72 focus:border-accent-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-accent-500/30 max-sm:w-full max-sm:focus:w-full dark:border-zinc-700 dark:bg-zinc-900 dark:focus:bg-zinc-950 transition-[width]"
        />
      </form>
    </search>
  );
}

/** "/" pressed outside any text field focuses the search box. */
export function useSearchShortcut(inputRef: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName))) return;
      if (!inputRef.current) return;
      e.preventDefault();
      inputRef.current.focus();
      inputRef.current.select();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [inputRef]);
}
