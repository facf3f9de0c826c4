"use client";
// The space header's notification control: all / mentions only (muted) / nothing, for me only.
import { useEffect, useRef, useState } from "react";
import clsx from "clsx";
import { NOTIFY_LEVEL_TEXT, NOTIFY_LEVELS, type NotifyLevel, isMuted } from "@/lib/mentions/notify-levels";

export function NotifyMenu({ level = "all", onChange }: { level?: NotifyLevel; onChange(level: NotifyLevel): Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open]);
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-label={`Notifications: ${NOTIFY_LEVEL_TEXT[level]}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className="rounded-lg border border-zinc-200 px-2 py-1 text-sm hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
      >
        <span aria-hidden>{isMuted(level) ? "🔕" : "🔔"}</span>
      </button>
      {open && (
        <div
          role="menu"
          aria-label="Notifications"
          onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
          className="absolute right-0 z-30 mt-1 w-60 rounded-lg border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {NOTIFY_LEVELS.map((l) => (
            <button
              key={l}
              type="button"
              role="menuitemradio"
              aria-checked={l === level}
              onClick={() => {
                setError(null);
                onChange(l)
                  .then(() => setOpen(false))
                  .catch((e: Error) => setError(e.message));
              }}
              className={clsx("flex w-full items-center gap-2 px-3 py-1.5 text-left hover:bg-zinc-100 dark:hover:bg-zinc-800", l === level && "font-semibold")}
            >
              <span aria-hidden className="w-4">
                {l === level ? "✓" : ""}
              </span>
              {NOTIFY_LEVEL_TEXT[l]}
            </button>
          ))}
          {error && (
            <p role="alert" className="px-3 py-1 text-xs text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
