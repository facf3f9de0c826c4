"use client";
// The Threads view: the threads I follow (I wrote the root or replied), newest reply first,
// each with its unread replies; choosing one opens its space and the thread panel.
import { useEffect, useState } from "react";
import type { FollowedThreadDto } from "@/lib/realtime/dto";
import { Modal } from "./modal";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString([], { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" }) : "");

export function ThreadsDialog({
  open,
  load,
  onClose,
  onChoose,
}: {
  open: boolean;
  load(): Promise<{ threads: FollowedThreadDto[] }>;
  onClose(): void;
  onChoose(t: FollowedThreadDto): void;
}) {
  const [threads, setThreads] = useState<FollowedThreadDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setThreads(null);
    setError(null);
    load().then(
      (r) => setThreads(r.threads),
      (e: Error) => setError(e.message),
    );
  }, [open, load]);

  return (
    <Modal title="Threads" open={open} onClose={onClose}>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {!threads && !error && (
        <p role="status" className="text-sm text-zinc-500">
          Loading threads…
        </p>
      )}
      {threads?.length === 0 && <p className="text-sm text-zinc-500">No threads yet. Threads you start or reply in show here.</p>}
      {threads && threads.length > 0 && (
        <ul className="-mx-2 max-h-[60vh] overflow-y-auto" aria-label="Threads you follow">
          {threads.map((t) => {
            const replies = t.root.thread?.replyCount ?? 0;
            return (
              <li key={t.root.id}>
                <button
                  type="button"
                  onClick={() => onChoose(t)}
                  aria-label={`#${t.spaceName}: ${t.root.sender.name}: ${t.root.text.slice(0, 60)}. ${replies} ${replies === 1 ? "reply" : "replies"}${t.unreadCount ? `, ${t.unreadCount} unread` : ""}`}
                  className="flex w-full items-start gap-3 rounded-lg px-2 py-2 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-accent-500 dark:hover:bg-zinc-800"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block text-xs text-zinc-500">
                      #{t.spaceName} · {when(t.root.thread?.lastReplyAt ?? null)}
                    </span>
                    <span className="block truncate text-sm">
                      <strong>{t.root.sender.name}</strong> {t.root.text}
                    </span>
                    <span className="block text-xs text-accent-700 dark:text-indigo-300">
                      {replies} {replies === 1 ? "reply" : "replies"}
                    </span>
                  </span>
                  {t.unreadCount > 0 && (
                    <span aria-hidden className="mt-1 rounded-full bg-red-500 px-2 py-0.5 text-xs font-semibold text-white">
                      {t.unreadCount}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
