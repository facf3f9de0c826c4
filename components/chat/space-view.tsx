"use client";
// One open space: header, timeline, typing line and composer. The divider position is
// fixed when the space is opened, so reading does not make it jump away.
import { type ReactNode, useCallback, useMemo, useRef, useState } from "react";
import type { MessageDto, RunDto, RunStreamDto, SpaceDto, UnansweredDto } from "@/lib/realtime/dto";
import { type Steering, SteeringContext } from "./steering-context";
import { RunStopButtons } from "./run-stop-buttons";
import { firstUnreadSeq } from "@/lib/client/timeline";
import type { PendingMessage, Timeline } from "./workspace-reducer";
import type { WorkspaceActions } from "./use-workspace";
import { MessageList } from "./message-list";
import { Composer, TypingLine } from "./composer";
import { readDraft, writeDraft } from "./drafts";
import { DeleteMessageDialog, type MessageChanges, MessageChangesContext, deletePermission } from "./message-changes";
import { lastEditable } from "@/lib/client/message-updates";
import { ThreadPanel } from "./thread-panel";
import { ThreadsDialog } from "./threads-dialog";
import { ReactionsProvider } from "./reactions-context";
import { NotifyMenu } from "./notify-menu";
import { useMentionNames } from "./mention-names";
import type { Suggestion } from "./mention-autocomplete";

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
  /** The viewer may change the channel's settings (owner/admin, or a workspace admin). */
  canManage: boolean;
  onOpenSettings(): void;
  /** Runs the client knows of: for Stop, Regenerate and the question cards. */
  runs?: Record<string, RunDto>;
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
  canManage,
  onOpenSettings,
  runs,
  headerExtra,
}: Props) {
  const [replyTo, setReplyTo] = useState<MessageDto | null>(null);
  // The open thread belongs to its space: switching spaces closes it.
  const [openedThread, setOpenedThread] = useState<{ spaceId: string; rootId: string } | null>(null);
  const threadRootId = openedThread?.spaceId === space.id ? openedThread.rootId : null;
  const [threadsOpen, setThreadsOpen] = useState(false);
  const openThread = useCallback((m: MessageDto) => setOpenedThread({ spaceId: m.spaceId, rootId: m.threadRootId ?? m.id }), []);
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
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<MessageDto | null>(null);
  const loaded = timeline?.messages;
  const changes = useMemo<MessageChanges>(() => {
    const canDelete = deletePermission(space, meId, isAdmin, loaded ?? []);
    return {
      editingId,
      startEdit: (m) => setEditingId(m.id),
      stopEdit: () => {
        setEditingId(null);
        // Keyboard-first: back to the composer, where Up arrow started the edit.
        requestAnimationFrame(() => document.querySelector<HTMLTextAreaElement>(`textarea[aria-label="${CSS.escape(`Message ${title}`)}"]`)?.focus());
      },
      save: (m, text) => actions.editMessage(m.id, text),
      askDelete: setDeleting,
      canEdit: (m) => m.sender.id === meId && !m.deletedAt && m.kind !== "system",
      canDelete,
    };
  }, [space, meId, isAdmin, loaded, editingId, actions, title]);

  const myRole = space.members.find((m) => m.id === meId)?.role;
  const steering = useMemo<Steering>(
    () => ({
      meId,
      managesSpace: isAdmin || myRole === "owner" || myRole === "admin",
      runs: runs ?? {},
      answerQuestion: actions.answerQuestion,
      stopRun: actions.stopRun,
      regenerate: actions.regenerate,
      runSteps: actions.runSteps,
    }),
    [meId, isAdmin, myRole, runs, actions],
  );

  // @ completes this space's members, # the channels I am in.
  const { spaces: myChannels } = useMentionNames();
  const suggestions = useMemo<Suggestion[]>(
    () => [
      ...space.members
        .filter((m) => m.id !== meId)
        .map((m) => ({ sigil: "@" as const, id: m.id, name: m.name, what: m.type === "agent" ? "agent" : "person" })),
      ...[...myChannels].map(([id, name]) => ({ sigil: "#" as const, id, name, what: "channel" })),
    ],
    [space.members, meId, myChannels],
  );

  return (
    <ReactionsProvider meId={meId} space={space} react={actions.react}>
      <SteeringContext.Provider value={steering}>
        <section aria-label={title} className="flex min-w-0 flex-1 flex-col">
          <header className="flex items-center gap-3 border-b border-zinc-200 px-4 py-2.5 max-sm:flex-wrap max-sm:gap-y-2 dark:border-zinc-800">
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
            <NotifyMenu level={space.notifyLevel} onChange={(level) => actions.setNotifyLevel(space.id, level)} />
            <button
              type="button"
              onClick={() => setThreadsOpen(true)}
              aria-label="Threads"
              title="Threads"
              className="rounded-lg border border-zinc-200 px-2 py-1 text-sm hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
            >
              {/* On a phone the header keeps room for the space's name: an icon instead of the word. */}
              <span aria-hidden className="sm:hidden">
                🧵
              </span>
              <span aria-hidden className="max-sm:hidden">
                Threads
              </span>
            </button>
            {space.kind === "channel" && (
              <button
                type="button"
                onClick={onOpenSettings}
                aria-label="Channel settings"
                title="Channel settings"
                className="rounded-lg border border-zinc-200 px-2 py-1 text-sm hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
              >
                <span aria-hidden>⚙</span>
              </button>
            )}
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
          <MessageChangesContext.Provider value={changes}>
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
              onOpenThread={openThread}
            />
          </MessageChangesContext.Provider>
          {/* Stop sits right before "Planner is writing…", the line it acts on. */}
          <div className="flex items-center">
            <RunStopButtons spaceId={space.id} />
            <div className="min-w-0 flex-1">
              <TypingLine names={typingNames} activity={activity} />
            </div>
          </div>
          {space.archived ? (
            <div
              role="status"
              className="flex items-center justify-center gap-3 border-t border-zinc-200 bg-zinc-50 px-4 py-3 text-sm text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
            >
              This channel is archived: you can read it, but not post.
              {canManage && (
                <button
                  type="button"
                  onClick={onOpenSettings}
                  className="rounded-md border border-zinc-300 px-2 py-0.5 font-medium hover:bg-white dark:border-zinc-600 dark:hover:bg-zinc-800"
                >
                  Unarchive…
                </button>
              )}
            </div>
          ) : (
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
              suggestions={suggestions}
              onEditLast={() => {
                const last = lastEditable(timeline?.messages ?? [], meId);
                if (last) setEditingId(last.id);
                return last !== null;
              }}
            />
          )}
          <DeleteMessageDialog message={deleting} onConfirm={(m) => actions.deleteMessage(m.id)} onClose={() => setDeleting(null)} />
        </section>
        <ThreadsDialog
          open={threadsOpen}
          load={actions.listThreads}
          onClose={() => setThreadsOpen(false)}
          onChoose={(t) => {
            setThreadsOpen(false);
            if (t.spaceId !== space.id) {
              actions.openSpace(t.spaceId);
              window.history.pushState(null, "", `/spaces/${t.spaceId}`);
            }
            setOpenedThread({ spaceId: t.spaceId, rootId: t.root.id });
          }}
        />
        {threadRootId && (
          <ThreadPanel
            key={threadRootId}
            space={space}
            rootId={threadRootId}
            messages={timeline?.messages ?? []}
            actions={actions}
            onClose={() => setOpenedThread(null)}
          />
        )}
      </SteeringContext.Provider>
    </ReactionsProvider>
  );
}
