"use client";
// The thread side panel: the root, its replies in seq order and a composer whose "Also send to
// channel" box posts the reply in the channel too. Replies arrive live through the space's
// timeline (message:new carries threadRootId; reconnect catch-up fills it by seq), merged by id
// with the pages read from thread:get, so each shows once however it came.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { MessageDto, SpaceDto } from "@/lib/realtime/dto";
import type { WorkspaceActions } from "./use-workspace";
import { MessageItem } from "./message-item";
import { Composer } from "./composer";

interface Props {
  space: SpaceDto;
  rootId: string;
  /** The space's loaded messages: live replies and the root's summary come through here. */
  messages: MessageDto[];
  actions: WorkspaceActions;
  onClose(): void;
}

const noop = () => {};

export function ThreadPanel({ space, rootId, messages, actions, onClose }: Props) {
  const [page, setPage] = useState<{ root: MessageDto; replies: MessageDto[]; hasMore: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [alsoInChannel, setAlsoInChannel] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setPage(null);
    actions.getThread(rootId).then(setPage, (e: Error) => setError(e.message));
    closeRef.current?.focus();
  }, [actions, rootId]);

  const root = messages.find((m) => m.id === rootId) ?? page?.root ?? null;
  const replies = useMemo(() => {
    const byId = new Map<string, MessageDto>();
    for (const m of page?.replies ?? []) byId.set(m.id, m);
    for (const m of messages) if (m.threadRootId === rootId) byId.set(m.id, m);
    return [...byId.values()].sort((a, b) => a.seq - b.seq);
  }, [page, messages, rootId]);

  // Reading the panel reads the thread: the Threads view's unread count drops to zero.
  const lastSeq = replies.at(-1)?.seq ?? 0;
  const markedSeq = useRef(0);
  useEffect(() => {
    if (lastSeq > markedSeq.current) {
      markedSeq.current = lastSeq;
      actions.markThreadRead(rootId, lastSeq);
    }
  }, [actions, rootId, lastSeq]);

  const loadEarlier = useCallback(async () => {
    const first = page?.replies[0];
    if (!first) return;
    const older = await actions.getThread(rootId, first.seq);
    setPage((p) => (p ? { ...p, replies: [...older.replies, ...p.replies], hasMore: older.hasMore } : older));
  }, [actions, page, rootId]);

  const people = useMemo(() => new Map(space.members.map((m) => [m.id, m])), [space.members]);
  const title = space.kind === "channel" ? `#${space.name}` : space.name;

  return (
    <aside
      aria-label="Thread"
      className="flex w-96 shrink-0 flex-col border-l border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950 max-md:fixed max-md:inset-0 max-md:z-30 max-md:w-auto md:max-lg:absolute md:max-lg:inset-y-0 md:max-lg:right-0 md:max-lg:z-20 md:max-lg:shadow-xl"
      onKeyDown={(e) => e.key === "Escape" && onClose()}
    >
      <header className="flex items-center gap-2 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">Thread</h2>
          <p className="truncate text-xs text-zinc-500">{title}</p>
        </div>
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          aria-label="Close thread"
          className="rounded px-2 py-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        >
          ✕
        </button>
      </header>
      <div role="log" aria-label="Thread replies" className="min-h-0 flex-1 overflow-y-auto py-2">
        {error && (
          <p role="alert" className="px-4 py-2 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        {!root && !error && (
          <p role="status" className="px-4 py-6 text-center text-sm text-zinc-500">
            Loading thread…
          </p>
        )}
        {root && <MessageItem message={{ ...root, thread: null }} compact={false} onReply={noop} onJumpTo={noop} inThreadPanel />}
        {root && (
          <div className="my-2 flex items-center gap-2 px-4 text-xs text-zinc-500">
            <span>
              {replies.length} {replies.length === 1 ? "reply" : "replies"}
            </span>
            <div className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
          </div>
        )}
        {page?.hasMore && (
          <button
            type="button"
            onClick={() => void loadEarlier().catch(() => {})}
            className="mx-4 mb-2 text-sm text-accent-700 hover:underline dark:text-indigo-300"
          >
            Show earlier replies
          </button>
        )}
        {replies.map((m, i) => {
          const prev = replies[i - 1];
          const compact = !!prev && prev.sender.id === m.sender.id && Date.parse(m.createdAt) - Date.parse(prev.createdAt) < 5 * 60 * 1000;
          return (
            <MessageItem
              key={m.id}
              message={m}
              compact={compact}
              provider={people.get(m.sender.id)?.provider ?? null}
              onReply={noop}
              onJumpTo={noop}
              inThreadPanel
            />
          );
        })}
      </div>
      <label className="flex items-center gap-2 px-5 pt-2 pb-1.5 text-sm text-zinc-600 dark:text-zinc-400">
        <input type="checkbox" checked={alsoInChannel} onChange={(e) => setAlsoInChannel(e.target.checked)} className="accent-accent-600" />
        Also send to channel
      </label>
      <Composer
        key={`thread-${rootId}`}
        label="Reply in thread"
        placeholder="Reply…"
        replyTo={null}
        onCancelReply={noop}
        onTyping={noop}
        onSend={(text) => {
          setError(null);
          actions.sendThreadReply(space.id, rootId, text, alsoInChannel).catch((e: Error) => setError(e.message));
          setAlsoInChannel(false);
        }}
      />
    </aside>
  );
}
