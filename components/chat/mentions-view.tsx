"use client";
// Messages that mention me, newest first, in spaces I am still in; "Load more" pages back.
// Each opens its space at the message.
import { useCallback, useEffect, useState } from "react";
import type { MentionDto, MentionPageDto } from "@/lib/realtime/dto";
import { Avatar } from "./avatar";
import { Markdown } from "./markdown";

interface Props {
  load(before?: string): Promise<MentionPageDto>;
  /** Changes when a new mention arrives: the first page is read again. */
  liveKey: number;
  onJump(spaceId: string, messageId: string): void;
  onOpenSidebar(): void;
}

export function MentionsView({ load, liveKey, onJump, onOpenSidebar }: Props) {
  const [items, setItems] = useState<MentionDto[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  // liveKey: a new mention re-reads the first page.
  useEffect(() => {
    let stale = false;
    load()
      .then((page) => {
        if (stale) return;
        setItems(page.mentions);
        setNext(page.nextCursor);
      })
      .catch((e: Error) => !stale && setError(e.message));
    return () => {
      stale = true;
    };
  }, [load, liveKey]);

  const more = useCallback(async () => {
    if (!next) return;
    setLoading(true);
    try {
      const page = await load(next);
      setItems((old) => [...(old ?? []), ...page.mentions]);
      setNext(page.nextCursor);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [load, next]);

  return (
    <section aria-label="Mentions" className="flex min-w-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
        <button
          type="button"
          onClick={onOpenSidebar}
          aria-label="Open sidebar"
          className="rounded px-2 py-1 hover:bg-zinc-100 md:hidden dark:hover:bg-zinc-800"
        >
          ☰
        </button>
        <h1 className="flex-1 truncate font-semibold">Mentions</h1>
      </header>
      <div className="flex-1 overflow-y-auto px-4 py-3">
        {error && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        {items === null && !error && (
          <p role="status" className="text-sm text-zinc-500">
            Loading…
          </p>
        )}
        {items?.length === 0 && <p className="text-sm text-zinc-500">No one has mentioned you yet. When someone writes @your name, it shows here.</p>}
        <ul className="space-y-2">
          {items?.map(({ message, spaceName, spaceKind }) => {
            const where = spaceKind === "channel" ? `#${spaceName}` : "direct message";
            return (
              <li key={message.id}>
                <article
                  aria-label={`${message.sender.name} in ${where}`}
                  className="rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
                >
                  <div className="mb-1 flex items-center gap-2 text-sm">
                    <Avatar entity={message.sender} size={22} />
                    <span className="font-semibold">{message.sender.name}</span>
                    <span className="text-zinc-500">in {where}</span>
                    <time className="ml-auto text-xs text-zinc-500" dateTime={message.createdAt}>
                      {new Date(message.createdAt).toLocaleString([], { dateStyle: "medium", timeStyle: "short" })}
                    </time>
                  </div>
                  <div className="line-clamp-4">
                    <Markdown text={message.text} />
                  </div>
                  <button
                    type="button"
                    onClick={() => onJump(message.spaceId, message.id)}
                    className="mt-1 text-sm font-medium text-accent-700 hover:underline dark:text-indigo-300"
                  >
                    Jump to message
                  </button>
                </article>
              </li>
            );
          })}
        </ul>
        {next && (
          <button
            type="button"
            onClick={() => void more()}
            disabled={loading}
            className="mt-3 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            {loading ? "Loading…" : "Load older mentions"}
          </button>
        )}
      </div>
    </section>
  );
}
