"use client";
// Copies a text and says so where a screen reader hears it.
import { useState } from "react";

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      // Clipboard access needs a secure context and permission; the text is still selectable.
      setState("failed");
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={copy}
        aria-label={label}
        className="rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-white/5"
      >
        Copy
      </button>
      <span role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
        {state === "copied" ? "Copied" : state === "failed" ? "Could not copy; select the text instead" : ""}
      </span>
    </span>
  );
}
