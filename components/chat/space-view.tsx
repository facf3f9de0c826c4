"use client";
// One open space: header, timeline, typing line and composer. The divider position is
// fixed when the space is opened, so reading does not make it jump away.
import { type ReactNode, useCallback, useRef, useState } from "react";
import type { MessageDto, RunStreamDto, SpaceDto, UnansweredDto } from "@/lib/realtime/dto";
import { firstUnreadSeq } from "@/lib/client/timeline";
import type { PendingMessage, Timeline } from "./workspace-reducer";
import type { WorkspaceActions } from "./use-workspace";
import { MessageList } from "./message-list";
import { Composer, TypingLine } from "./composer";
import { readDraft, writeDraft } from "./drafts";

interface Props {
  space: SpaceDto;
  timeline: Timeline | undefined;
  pending: PendingMessage[];
  typingNames: string[];
  /** Agents thinking / writing / waiting here. */
  activity: string[];
  drafts: RunStreamDto[];
  /** My messages that woke no agent, with why. */
  unanswered: Record<string, UnansweredDto>;
  isAdmin: boolean;
  meId: string;
  online: boolean;
  /** My read cursor when the space was opened. */
  openedAtSeq: number;
  actions: WorkspaceActions;
  onToggleMembers(): void;
  onShowChain(messageId: string): void;
  onOpenSidebar(): void;
  /** More controls for the header (the search box). */
  headerExtra?: ReactNode;
}

export function SpaceView({
  space,
  timeline,
  pending,
  typingNames,
  activity,
  drafts,
  unanswered,
  isAdmin,
  meId,
  online,
  openedAtSeq,
  actions,
  onToggleMembers,
  onShowChain,
  onOpenSidebar,
  headerExtra,
}: Props) {
  const [replyTo, setReplyTo] = useState<MessageDto | null>(null);
  // The divider marks what was unread when the space was opened (its timeline first seen):
  // messages arriving while I watch are read as they come and get none.
  const frozenDivider = useRef<{ key: string; seq: number | null } | null>(null);
  const dividerKey = `${space.id}:${openedAtSeq}`;
  if (timeline && frozenDivider.current?.key !== dividerKey)
    frozenDivider.current = { key: dividerKey, seq: firstUnreadSeq(timeline.messages, openedAtSeq, meId) };
  const dividerSeq = timeline && frozenDivider.current?.key === dividerKey ? frozenDivider.current.seq : null;
  const title = space.kind === "channel" ? `#${space.name}` : space.name;
  const onLoadOlder = useCallback(() => void actions.loadOlder(space.id).catch(() => {}), [actions, space.id]);
  const onSeeNewest = useCallback((m: MessageDto) => actions.markRead(space.id, m), [actions, space.id]);
  const hasAgents = space.members.some((m) => m.type === "agent");
  const showChain = useCallback((m: MessageDto) => onShowChain(m.id), [onShowChain]);

  return (
    <section aria-label={title} className="flex min-w-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
        <button
          type="button"
          onClick={onOpenSidebar}
          aria-label="Open sidebar"
          className="rounded px-2 py-1 hover:bg-zinc-100 md:hidden dark:hover:bg-zinc-800"
        >
          ☰
        </button>
        <div className="min-w-0 flex-1">
          <h1 className="truncate font-semibold">{title}</h1>
          {space.topic && <p className="truncate text-xs text-zinc-500">{space.topic}</p>}
        </div>
        {headerExtra}
        <button
          type="button"
          onClick={onToggleMembers}
          aria-label={`Members: ${space.members.length}`}
          className="flex items-center gap-1 rounded-lg border border-zinc-200 px-2 py-1 text-sm hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
        >
          <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
            <path d="M7 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm6 0a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM1 16c0-2.8 2.7-5 6-5s6 2.2 6 5v1H1v-1Zm13 1v-1c0-1.5-.6-2.9-1.6-3.9 3 .1 5.6 1.9 5.6 4.4v.5h-4Z" />
          </svg>
          {space.members.length}
        </button>
      </header>
      <MessageList
        key={space.id}
        space={space}
        timeline={timeline}
        pending={pending}
        drafts={drafts}
        unanswered={unanswered}
        isAdmin={isAdmin}
        meId={meId}
        dividerSeq={dividerSeq}
        onLoadOlder={onLoadOlder}
        onReply={setReplyTo}
        onShowChain={hasAgents ? showChain : null}
        onRetry={actions.retry}
        onDiscard={actions.discard}
        online={online}
        onSeeNewest={onSeeNewest}
      />
      <TypingLine names={typingNames} activity={activity} />
      <Composer
        key={`composer-${space.id}`}
        label={`Message ${title}`}
        placeholder={`Message ${title}`}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onSend={(text) => {
          actions.send(space.id, text, replyTo);
          setReplyTo(null);
        }}
        onTyping={(typing) => actions.setTyping(space.id, typing)}
        initialText={readDraft(meId, space.id)}
        onDraft={(text) => writeDraft(meId, space.id, text)}
      />
    </section>
  );
}
