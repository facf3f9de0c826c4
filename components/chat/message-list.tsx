"use client";
// The scrolling timeline. Keeps the view still while older pages load above and while new
// messages arrive below (unless the reader is at the bottom, then it follows), shows the
// "New messages" divider, read markers, unsent messages, and loads history on scroll-up.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { MessageDto, RunStreamDto, SpaceDto, UnansweredDto } from "@/lib/realtime/dto";
import { readMarkers } from "@/lib/client/timeline";
import { dayLabel, startsNewDay } from "@/lib/client/day-label";
import type { PendingMessage, Timeline } from "./workspace-reducer";
import { DraftItem, MessageItem, SystemLine } from "./message-item";
import { PendingItem } from "./pending-item";

const GROUP_WINDOW_MS = 5 * 60 * 1000;

interface Props {
  space: SpaceDto;
  timeline: Timeline | undefined;
  pending: PendingMessage[];
  /** Messages agents are writing (streamed); each becomes a message in place. */
  drafts: RunStreamDto[];
  /** My messages that woke no agent, with why. */
  unanswered: Record<string, UnansweredDto>;
  /** Admins get a link from agent messages to the run that sent them. */
  isAdmin: boolean;
  meId: string;
  dividerSeq: number | null;
  onLoadOlder(): void;
  onReply(m: MessageDto): void;
  /** Spaces with agents: open a message's agent chain. */
  onShowChain: ((m: MessageDto) => void) | null;
  onRetry(clientMessageId: string): void;
  onDiscard(clientMessageId: string): void;
  /** Offline, the outbox says it waits for the connection. */
  online: boolean;
  /** Called when the newest message is on screen, to move the read receipt. */
  onSeeNewest(m: MessageDto): void;
  /** Opens a message's thread in the side panel. */
  onOpenThread?: (m: MessageDto) => void;
}

export function MessageList({
  space,
  timeline,
  pending,
  drafts,
  unanswered,
  isAdmin,
  meId,
  dividerSeq,
  onLoadOlder,
  onReply,
  onShowChain,
  onRetry,
  onDiscard,
  online,
  onSeeNewest,
  onOpenThread,
}: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [showJump, setShowJump] = useState(false);
  // Thread replies live in the thread panel; the channel shows only those also sent to it.
  const all = timeline?.messages;
  const messages = useMemo(() => (all ?? []).filter((m) => !m.threadRootId || m.alsoInChannel), [all]);
  const people = useMemo(() => new Map(space.members.map((m) => [m.id, m])), [space.members]);
  const first = messages[0];
  const last = messages.at(-1);
  const prevFirst = useRef<{ id: string; height: number } | null>(null);
  const positioned = useRef(false);

  const markers = useMemo(() => readMarkers(messages, space.members, meId), [messages, space.members, meId]);
  const providers = useMemo(() => new Map(space.members.map((m) => [m.id, m.provider])), [space.members]);
  const agentStatuses = useMemo(() => new Map(space.members.map((m) => [m.id, m.agentStatus])), [space.members]);
  const draftLength = drafts.reduce((n, d) => n + d.text.length, 0);

  const scrollToBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // First render of a space: go to the divider if there is one, else to the bottom.
  useLayoutEffect(() => {
    if (positioned.current || !timeline) return;
    positioned.current = true;
    const divider = scroller.current?.querySelector<HTMLElement>("[data-divider]");
    // Positioned at the divider, the reader is not at the bottom: the effect below must not pull them there.
    if (divider) {
      divider.scrollIntoView({ block: "center" });
      const el = scroller.current;
      if (el) atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
    } else scrollToBottom();
  }, [timeline, scrollToBottom]);

  // Older page prepended: keep what the reader was looking at in place.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = prevFirst.current;
    if (before && first && before.id !== first.id) el.scrollTop += el.scrollHeight - before.height;
    prevFirst.current = first ? { id: first.id, height: el.scrollHeight } : null;
  }, [first]);

  // New message or unsent bubble at the end: follow only if already at the bottom.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (atBottom.current || last?.sender.id === meId) scrollToBottom();
    else setShowJump(true);
    if (prevFirst.current) prevFirst.current.height = el.scrollHeight;
  }, [last?.id, last?.sender.id, pending.length, meId, scrollToBottom]);

  // A draft growing at the bottom: follow it if the reader is at the bottom, never pull them down otherwise.
  useLayoutEffect(() => {
    if (atBottom.current) scrollToBottom();
    const el = scroller.current;
    if (el && prevFirst.current) prevFirst.current.height = el.scrollHeight;
  }, [draftLength, drafts.length, scrollToBottom]);

  // The read cursor moves to the newest message of the space, thread replies included: the
  // channel's unread count counts them (their thread keeps its own count, in the Threads view).
  const newest = all?.at(-1);
  useEffect(() => {
    if (newest && atBottom.current && document.visibilityState === "visible") onSeeNewest(newest);
  }, [newest, onSeeNewest]);

  useEffect(() => {
    const onVisible = () => {
      if (newest && atBottom.current && document.visibilityState === "visible") onSeeNewest(newest);
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [newest, onSeeNewest]);

  useEffect(() => {
    const el = topSentinel.current;
    if (!el || !timeline?.hasMore) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onLoadOlder(), {
      root: scroller.current,
      rootMargin: "400px 0px 0px 0px",
    });
    io.observe(el);
    return () => io.disconnect();
  }, [timeline?.hasMore, onLoadOlder, first?.id]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
    setShowJump(!atBottom.current);
    if (atBottom.current && newest) onSeeNewest(newest);
    updateUnreadAbove();
  };

  // "Jump to unread" while the first unread message (the divider) is above the view.
  const [unreadAbove, setUnreadAbove] = useState(false);
  const updateUnreadAbove = () => {
    const el = scroller.current;
    const divider = el?.querySelector<HTMLElement>("[data-divider]");
    setUnreadAbove(!!el && !!divider && divider.getBoundingClientRect().bottom < el.getBoundingClientRect().top);
  };
  const jumpToUnread = () => {
    scroller.current?.querySelector<HTMLElement>("[data-divider]")?.scrollIntoView({ block: "start" });
    setUnreadAbove(false);
  };

  const jumpTo = (id: string) => {
    const target = document.getElementById(`msg-${id}`);
    if (!target) return;
    target.scrollIntoView({ block: "center", behavior: "smooth" });
    target.classList.add("bg-amber-50", "dark:bg-amber-950/40");
    setTimeout(() => target.classList.remove("bg-amber-50", "dark:bg-amber-950/40"), 1500);
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="flex h-full flex-col overflow-y-auto [overflow-anchor:none]"
        role="log"
        aria-label={`Messages in ${space.kind === "channel" ? "#" : ""}${space.name}`}
        aria-live="polite"
        aria-relevant="additions"
      >
        {/* Short histories sit at the bottom, next to the composer, as in chat apps. */}
        <div className="flex-1" />
        <div ref={topSentinel} className="h-px shrink-0" />
        {timeline?.loadingOlder && (
          <p role="status" className="py-3 text-center text-sm text-zinc-500">
            Loading earlier messages…
          </p>
        )}
        {!timeline && (
          <p role="status" className="py-10 text-center text-sm text-zinc-500">
            Loading messages…
          </p>
        )}
        {timeline && !timeline.hasMore && (
          <div className="px-4 pt-10 pb-4">
            <h2 className="text-xl font-bold">{space.kind === "channel" ? `#${space.name}` : space.name}</h2>
            <p className="text-sm text-zinc-500">
              This is the very beginning of {space.kind === "channel" ? `#${space.name}` : `your conversation with ${space.name}`}.
              {space.topic ? ` ${space.topic}` : ""}
            </p>
          </div>
        )}
        <div className="pb-3">
          {messages.map((m, i) => {
            const prev = messages[i - 1];
            const newDay = startsNewDay(m.createdAt, prev?.createdAt);
            const compact =
              !!prev &&
              !newDay &&
              prev.kind !== "system" &&
              prev.sender.id === m.sender.id &&
              !m.replyTo &&
              m.seq !== dividerSeq &&
              Date.parse(m.createdAt) - Date.parse(prev.createdAt) < GROUP_WINDOW_MS;
            return (
              <div key={m.id}>
                {newDay && <DaySeparator at={m.createdAt} />}
                {m.seq === dividerSeq && (
                  // biome-ignore lint/a11y/useSemanticElements: an <hr> cannot hold the "New messages" text
                  <div data-divider role="separator" aria-label="New messages" className="relative my-2 flex items-center px-4">
                    <div className="h-px flex-1 bg-red-500/70" />
                    <span className="ml-2 text-xs font-semibold text-red-600 dark:text-red-400">New messages</span>
                  </div>
                )}
                {m.kind === "system" ? (
                  <SystemLine message={m} />
                ) : (
                  <MessageItem
                    message={m}
                    compact={compact}
                    seenBy={markers.get(m.id)}
                    provider={providers.get(m.sender.id) ?? null}
                    agentStatus={agentStatuses.get(m.sender.id) ?? null}
                    chainLimit={m.chainStopLimit}
                    runHref={isAdmin && m.runId ? `/admin/runs/${m.runId}` : null}
                    onReply={onReply}
                    onJumpTo={jumpTo}
                    onShowChain={onShowChain}
                    unanswered={unanswered[m.id] ?? null}
                    onOpenThread={onOpenThread}
                    people={people}
                  />
                )}
              </div>
            );
          })}
          {drafts.map((d) => (
            <DraftItem key={d.clientMessageId} draft={d} provider={providers.get(d.agent.id) ?? null} />
          ))}
          {pending.map((p) => (
            <PendingItem key={p.clientMessageId} message={p} online={online} onRetry={onRetry} onDiscard={onDiscard} />
          ))}
        </div>
      </div>
      {unreadAbove && dividerSeq !== null && (
        <button type="button" onClick={jumpToUnread} className={`top-3 ${jumpClass}`}>
          ↑ Jump to unread
        </button>
      )}
      {showJump && (
        <button
          type="button"
          onClick={() => {
            scrollToBottom();
            setShowJump(false);
          }}
          className={`bottom-3 ${jumpClass}`}
        >
          ↓ Jump to latest
        </button>
      )}
    </div>
  );
}

const jumpClass =
  "absolute left-1/2 z-10 -translate-x-1/2 rounded-full bg-accent-600 px-3 py-1.5 text-sm font-medium text-white shadow-lg hover:bg-accent-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500";

function DaySeparator({ at }: { at: string }) {
  const label = dayLabel(at);
  return (
    // biome-ignore lint/a11y/useSemanticElements: an <hr> cannot hold the day's name
    <div role="separator" aria-label={label} className="my-2 flex items-center px-4">
      <div className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      <span className="mx-2 rounded-full border border-zinc-200 bg-white px-3 py-0.5 text-xs font-semibold text-zinc-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
        {label}
      </span>
      <div className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}
