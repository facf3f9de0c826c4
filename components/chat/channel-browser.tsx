"use client";
// The channel browser: public channels anyone may join, the caller's own channels, and an
// "Archived channels" section (read-only ones the caller is in). A channel's messages are
// never shown here: joining is how one reads a public channel.
import { useCallback, useEffect, useState } from "react";
import type { ChannelSummaryDto, SpaceDto } from "@/lib/realtime/dto";
import { Modal, inputClass } from "./modal";

interface Props {
  open: boolean;
  onClose(): void;
  browse(query?: string): Promise<ChannelSummaryDto[]>;
  join(spaceId: string): Promise<SpaceDto>;
  /** Opens a channel the caller is in (joined, or just now). */
  onOpen(spaceId: string): void;
}

export function ChannelBrowser({ open, onClose, browse, join, onOpen }: Props) {
  const [query, setQuery] = useState("");
  const [channels, setChannels] = useState<ChannelSummaryDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(
    (q: string) =>
      browse(q.trim() || undefined)
        .then((list) => {
          setChannels(list);
          setError(null);
        })
        .catch((e: Error) => setError(e.message)),
    [browse],
  );
  // Each keystroke asks again (the server filters by name); a short pause folds fast typing.
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => void load(query), query ? 200 : 0);
    return () => clearTimeout(timer);
  }, [open, query, load]);

  const close = () => {
    setQuery("");
    setChannels(null);
    onClose();
  };
  const live = channels?.filter((c) => !c.archived) ?? [];
  const archived = channels?.filter((c) => c.archived) ?? [];

  const row = (c: ChannelSummaryDto) => (
    <li key={c.id} className="flex items-start gap-3 rounded-lg px-2 py-2 hover:bg-zinc-50 dark:hover:bg-zinc-800/60">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          <span aria-hidden className="text-zinc-400">
            #{" "}
          </span>
          {c.name}
          {c.visibility === "private" && (
            <span className="ml-2 rounded bg-zinc-200 px-1.5 text-xs font-normal text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200">private</span>
          )}
        </p>
        {c.topic && <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{c.topic}</p>}
        <p className="text-xs text-zinc-500">
          {c.memberCount} {c.memberCount === 1 ? "member" : "members"}
          {c.joined && !c.archived ? " · Joined" : ""}
        </p>
      </div>
      {c.joined ? (
        <button
          type="button"
          aria-label={`Open #${c.name}`}
          onClick={() => {
            onOpen(c.id);
            close();
          }}
          className="rounded-lg border border-zinc-300 px-3 py-1 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          Open
        </button>
      ) : (
        <button
          type="button"
          aria-label={`Join #${c.name}`}
          disabled={busy === c.id}
          onClick={() => {
            setBusy(c.id);
            join(c.id)
              .then(() => {
                onOpen(c.id);
                close();
              })
              .catch((e: Error) => setError(e.message))
              .finally(() => setBusy(null));
          }}
          className="rounded-lg bg-accent-600 px-3 py-1 text-sm font-semibold text-white hover:bg-accent-700 disabled:opacity-60"
        >
          {busy === c.id ? "Joining…" : "Join"}
        </button>
      )}
    </li>
  );

  return (
    <Modal title="Browse channels" open={open} onClose={close}>
      <input
        type="search"
        aria-label="Search channels"
        placeholder="Search channels by name"
        className={inputClass}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        maxLength={80}
        // biome-ignore lint/a11y/noAutofocus: the dialog opened to search; focus belongs in it
        autoFocus
      />
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="mt-3 max-h-[60vh] overflow-y-auto">
        {channels === null ? (
          <p role="status" className="px-2 py-2 text-sm text-zinc-500">
            Loading…
          </p>
        ) : (
          <>
            <ul aria-label="Channels">{live.map(row)}</ul>
            {live.length === 0 && <p className="px-2 py-2 text-sm text-zinc-500">{query ? "No channel matches." : "No channels to join yet."}</p>}
            {archived.length > 0 && (
              <section aria-label="Archived channels" className="mt-3">
                <h3 className="px-2 pb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Archived channels</h3>
                <ul>{archived.map(row)}</ul>
              </section>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
