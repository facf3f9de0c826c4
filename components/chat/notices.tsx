"use client";
// Small toasts for things that happened to me elsewhere ("Ada added you to #design").
// role="status" so screen readers announce them politely; each can be opened or dismissed.
import type { Notice } from "./workspace-reducer";

export function Notices({ notices, onOpen, onDismiss }: { notices: Notice[]; onOpen(spaceId: string): void; onDismiss(id: string): void }) {
  if (notices.length === 0) return null;
  return (
    <div className="pointer-events-none fixed bottom-4 right-4 z-40 flex w-72 flex-col gap-2">
      {notices.map((n) => (
        <div
          key={n.id}
          role="status"
          className="pointer-events-auto flex items-start gap-2 rounded-xl border border-zinc-200 bg-white p-3 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <p className="min-w-0 flex-1">{n.text}</p>
          <button
            type="button"
            aria-label={`Open #${n.spaceName}`}
            onClick={() => {
              onOpen(n.spaceId);
              onDismiss(n.id);
            }}
            className="font-medium text-accent-600 hover:underline dark:text-indigo-300"
          >
            Open
          </button>
          <button type="button" aria-label={`Dismiss notice about #${n.spaceName}`} onClick={() => onDismiss(n.id)} className="text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200">
            <span aria-hidden>×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
