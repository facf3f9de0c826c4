"use client";
import { memo } from "react";
import clsx from "clsx";
import type { AgentStatus, EntityDto, MemberDto, MessageDto, RunStreamDto, UnansweredDto } from "@/lib/realtime/dto";
import { Avatar } from "./avatar";
import { Markdown } from "./markdown";
import { SeenBy } from "./seen-by";
import { plainText } from "@/lib/plain-text";
import { DeletedText, EditedMark, MessageChangeButtons, MessageEditor, useMessageChanges } from "./message-changes";
import { ThreadSummary } from "./thread-summary";
import { ReactionsBar } from "./reactions-bar";
import { AddReactionButton } from "./add-reaction-button";
import { AgentMessageExtras } from "./agent-message-extras";
import { usePlainMentions } from "./mention-names";
import { FailureNotesFor } from "./failure-notes";

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

interface Props {
  message: MessageDto;
  /** Same sender within a few minutes: no avatar and name, like Slack. */
  compact: boolean;
  seenBy?: MemberDto[];
  /** The sender's model provider when it is an agent ("offline" gets a label). */
  provider?: string | null;
  /** The sending agent is disabled or deleted: it will not answer, so say so by its name. */
  agentStatus?: AgentStatus | null;
  /** Set when this agent message was at the space's chain-depth limit: it triggered no agents. */
  chainLimit?: number | null;
  /** Admins: the run that sent this message. */
  runHref?: string | null;
  onReply(message: MessageDto): void;
  onJumpTo(messageId: string): void;
  /** My message woke no agent: why, per agent. */
  unanswered?: UnansweredDto | null;
  /** Set in spaces with agents: opens the agent chain this message belongs to. */
  onShowChain?: ((message: MessageDto) => void) | null;
  /** Opens the message's thread (top-level messages); with `people`, its summary names who replied. */
  onOpenThread?: ((message: MessageDto) => void) | null;
  people?: ReadonlyMap<string, EntityDto>;
  /** Shown inside the thread panel: no thread summary and no action buttons. */
  inThreadPanel?: boolean;
}

function SenderLine({
  sender,
  provider,
  agentStatus,
  createdAt,
  extra,
}: {
  sender: EntityDto;
  provider?: string | null;
  agentStatus?: AgentStatus | null;
  createdAt?: string;
  extra?: React.ReactNode;
}) {
  return (
    <header className="flex items-baseline gap-2">
      <span className="font-semibold">{sender.name}</span>
      {sender.type === "agent" && (
        <span className="rounded bg-indigo-100 px-1.5 text-[0.65rem] font-semibold tracking-wide text-indigo-700 uppercase dark:bg-indigo-950 dark:text-indigo-300">
          agent
        </span>
      )}
      {(agentStatus === "disabled" || agentStatus === "archived") && (
        <span className="rounded border border-amber-400 px-1.5 text-[0.65rem] font-medium text-amber-800 dark:border-amber-700 dark:text-amber-300">
          {agentStatus === "disabled" ? "disabled" : "deleted"}
        </span>
      )}
      {provider === "offline" && (
        <span
          title="Built-in offline model: deterministic, no API key. Set a provider key to use a real model."
          className="rounded border border-zinc-300 px-1.5 text-[0.65rem] font-medium text-zinc-600 dark:border-zinc-600 dark:text-zinc-400"
        >
          offline model
        </span>
      )}
      {createdAt && (
        <time className="text-xs text-zinc-500" dateTime={createdAt}>
          {time(createdAt)}
        </time>
      )}
      {extra}
    </header>
  );
}

/** An agent's message while it is being written: grows in place, then the real message replaces it. */
export function DraftItem({ draft, provider }: { draft: RunStreamDto; provider: string | null }) {
  return (
    <article aria-label={`${draft.agent.name} is writing: ${draft.text.slice(0, 80)}`} aria-busy="true" data-draft className="flex gap-3 px-4 pt-2 pb-0.5">
      <div className="w-9 shrink-0">
        <Avatar entity={draft.agent} />
      </div>
      <div className="min-w-0 flex-1">
        <SenderLine sender={draft.agent} provider={provider} extra={<span className="text-xs text-indigo-600 dark:text-indigo-400">writing…</span>} />
        <div className="after:ml-0.5 after:inline-block after:h-4 after:w-1.5 after:animate-pulse after:bg-indigo-500 after:align-middle">
          <Markdown text={draft.text} />
        </div>
      </div>
    </article>
  );
}

/** A line the server wrote about the channel ("Ada added Planner"): a notice, not someone's words. */
export const SystemLine = memo(function SystemLine({ message }: { message: MessageDto }) {
  return (
    <p id={`msg-${message.id}`} data-seq={message.seq} className="px-4 py-1 text-center text-xs text-zinc-500 dark:text-zinc-400">
      {message.text} · <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
    </p>
  );
});

export const MessageItem = memo(function MessageItem({
  message,
  compact,
  seenBy,
  provider,
  agentStatus,
  chainLimit,
  runHref,
  onReply,
  onJumpTo,
  onShowChain,
  unanswered,
  onOpenThread,
  people,
  inThreadPanel,
}: Props) {
  const editing = useMessageChanges()?.editingId === message.id;
  const plain = usePlainMentions();
  return (
    <article
      id={`msg-${message.id}`}
      aria-label={message.deletedAt ? `${message.sender.name}: message deleted` : `${message.sender.name}: ${plain(message.text).slice(0, 80)}`}
      data-seq={message.seq}
      className={clsx("group relative flex gap-3 px-4 hover:bg-zinc-50 dark:hover:bg-zinc-900/60", compact ? "py-0.5" : "pt-2 pb-0.5")}
    >
      <div className="w-9 shrink-0">{!compact && <Avatar entity={message.sender} />}</div>
      <div className="min-w-0 flex-1">
        {!compact && <SenderLine sender={message.sender} provider={provider} agentStatus={agentStatus} createdAt={message.createdAt} />}
        {message.replyTo && (
          <button
            type="button"
            onClick={() => onJumpTo(message.replyTo!.id)}
            aria-label={`Replying to ${message.replyTo.senderName}: ${message.replyTo.deleted ? "message deleted" : plainText(plain(message.replyTo.text), 60)}`}
            className="mt-0.5 mb-1 block max-w-full truncate border-l-2 border-indigo-400 pl-2 text-left text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-200"
          >
            <span className="font-medium">{message.replyTo.senderName}</span>{" "}
            {message.replyTo.deleted ? <em>message deleted</em> : plainText(plain(message.replyTo.text), 200)}
          </button>
        )}
        {message.alsoInChannel && message.threadRootId && onOpenThread && (
          <button
            type="button"
            onClick={() => onOpenThread({ ...message, id: message.threadRootId! })}
            className="mt-0.5 block text-xs text-zinc-500 hover:text-accent-700 hover:underline dark:hover:text-indigo-300"
          >
            replied to a thread: view thread
          </button>
        )}
        {message.deletedAt ? (
          <DeletedText />
        ) : editing ? (
          <MessageEditor message={message} />
        ) : (
          // Edited: the mark follows the last line of the text, as in Slack.
          <div className={message.editedAt ? "[&>.md]:inline [&>.md>*:last-child]:inline" : undefined}>
            <Markdown text={message.text} />
            {message.editedAt && <EditedMark at={message.editedAt} />}
          </div>
        )}
        {message.runId && !message.deletedAt && <AgentMessageExtras message={message} />}
        <ReactionsBar message={message} />
        {!inThreadPanel && onOpenThread && people && <ThreadSummary message={message} people={people} onOpen={onOpenThread} />}
        {chainLimit != null && (
          <p
            role="note"
            className="mt-1 inline-flex items-center gap-1.5 rounded-md bg-amber-50 px-2 py-0.5 text-xs text-amber-800 dark:bg-amber-950/50 dark:text-amber-300"
          >
            <svg aria-hidden viewBox="0 0 20 20" className="h-3.5 w-3.5 fill-current">
              <path d="M10 2a8 8 0 1 0 0 16A8 8 0 0 0 10 2Zm-1 4h2v5H9V6Zm0 6h2v2H9v-2Z" />
            </svg>
            Chain stopped: depth limit {chainLimit} reached, so this message triggered no agents.
          </p>
        )}
        {unanswered && (
          <p role="note" className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            No agent picked this up:{" "}
            {unanswered.agents.map((a) => `${a.name} — ${a.decision === "folded" ? "will see it in the run it already has queued here" : a.reason}`).join("; ")}
          </p>
        )}
        <FailureNotesFor messageId={message.id} />
        {seenBy && seenBy.length > 0 && <SeenBy members={seenBy} />}
      </div>
      {/* Transparent, not display:none, until hover or focus: keyboard users can Tab to Reply and Run. */}
      <div
        hidden={inThreadPanel}
        className="absolute top-1 right-3 flex rounded-md border border-zinc-200 bg-white opacity-0 shadow-sm pointer-events-none group-focus-within:pointer-events-auto group-focus-within:opacity-100 group-hover:pointer-events-auto group-hover:opacity-100 dark:border-zinc-700 dark:bg-zinc-800"
      >
        {!message.deletedAt && (
          <button
            type="button"
            onClick={() => onReply(message)}
            className="px-2 py-1 text-xs font-medium hover:bg-zinc-100 dark:hover:bg-zinc-700"
            aria-label={`Reply to ${message.sender.name}`}
          >
            ↩ Reply
          </button>
        )}
        {onOpenThread && !message.threadRootId && !message.deletedAt && (
          <button
            type="button"
            onClick={() => onOpenThread(message)}
            className="border-l border-zinc-200 px-2 py-1 text-xs font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-700"
            aria-label={`Reply in thread to ${message.sender.name}`}
          >
            Thread
          </button>
        )}
        {!message.deletedAt && <AddReactionButton message={message} className="border-l border-zinc-200 px-2 py-1 dark:border-zinc-700" />}
        <MessageChangeButtons message={message} />
        {onShowChain && (
          <button
            type="button"
            onClick={() => onShowChain(message)}
            className="border-l border-zinc-200 px-2 py-1 text-xs font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-700"
            aria-label={`Show the agent chain of ${message.sender.name}'s message`}
          >
            Chain
          </button>
        )}
        {runHref && (
          <a
            href={runHref}
            className="border-l border-zinc-200 px-2 py-1 text-xs font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-700"
            aria-label={`Inspect the run that sent this ${message.sender.name} message`}
          >
            Run
          </a>
        )}
      </div>
    </article>
  );
});
