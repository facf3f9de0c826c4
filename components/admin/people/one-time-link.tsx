"use client";
// A link shown once (invite or password reset): read-only, selectable, with a copy button.
import { useState } from "react";

export function OneTimeLink({ label, note, url, onDismiss }: { label: string; note: string; url: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="space-y-2 rounded-xl border border-emerald-300 bg-emerald-50 p-3 dark:border-emerald-800 dark:bg-emerald-950/40">
      <label className="block text-sm font-medium">
        {label}
        <input
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-1 block w-full rounded-lg border border-zinc-300 bg-white px-2 py-1.5 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950"
        />
      </label>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{note}</p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() =>
            void navigator.clipboard?.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
          className="rounded-lg bg-accent-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-accent-700"
        >
          {copied ? "Copied" : "Copy link"}
        </button>
        <button type="button" onClick={onDismiss} className="rounded-lg border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700">
          Done
        </button>
      </div>
    </div>
  );
}
