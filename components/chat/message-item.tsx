"use client";
import { memo } from "react";
import clsx from "clsx";
import type { MemberDto, MessageDto } from "@/lib/realtime/dto";
import { Avatar } from "./avatar";
import { Markdown } from "./markdown";

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

interface Props {
  message: MessageDto;
  /** Same sender within a few minutes: no avatar and name, like Slack. */
  compact: boolean;
  seenBy?: MemberDto[];
  onReply(message: MessageDto): void;
  onJumpTo(messageId: string): void;
}

export const MessageItem = memo(function MessageItem({ message, compact, seenBy, onReply, onJumpTo }: Props) {
  const agent = message.sender.type === "agent";
  return (
    <article
      id={`msg-${message.id}`}
      aria-label={`${message.sender.name}: ${message.text.slice(0, 80)}`}
      data-seq={message.seq}
      className={clsx("group relative flex gap-3 px-4 hover:bg-zinc-50 dark:hover:bg-zinc-900/60", compact ? "py-0.5" : "pt-2 pb-0.5")}
    >
      <div className="w-9 shrink-0">{!compact && <Avatar entity={message.sender} />}</div>
      <div className="min-w-0 flex-1">
        {!compact && (
          <header className="flex items-baseline gap-2">
            <span className="font-semibold">{message.sender.name}</span>
            {agent && <span className="rounded bg-indigo-100 px-1.5 text-[0.65rem] font-semibold tracking-wide text-indigo-700 uppercase dark:bg-indigo-950 dark:text-indigo-300">agent</span>}
            <time className="text-xs text-zinc-500" dateTime={message.createdAt}>{time(message.createdAt)}</time>
          </header>
        )}
        {message.replyTo && (
          <button
            type="button"
            onClick={() => onJumpTo(message.replyTo!.id)}
            aria-label={`Replying to ${message.replyTo.senderName}: ${message.replyTo.text.slice(0, 60)}`}
            className="mt-0.5 mb-1 block max-w-full truncate border-l-2 border-indigo-400 pl-2 text-left text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-200"
          >
            <span className="font-medium">{message.replyTo.senderName}</span> {message.replyTo.text}
          </button>
        )}
        <Markdown text={message.text} />
        {seenBy && seenBy.length > 0 && (
          <p className="mt-0.5 text-xs text-zinc-500" aria-label={`Seen by ${seenBy.map((m) => m.name).join(", ")}`}>
            {seenBy.map((m) => (m.type === "agent" ? `${m.name} has seen up to here` : `Seen by ${m.name}`)).join(" · ")}
          </p>
        )}
      </div>
      <div className="absolute top-1 right-3 hidden rounded-md border border-zinc-200 bg-white shadow-sm group-focus-within:flex group-hover:flex dark:border-zinc-700 dark:bg-zinc-800">
        <button
          type="button"
          onClick={() => onReply(message)}
          className="px-2 py-1 text-xs font-medium hover:bg-zinc-100 dark:hover:bg-zinc-700"
          aria-label={`Reply to ${message.sender.name}`}
        >
          ↩ Reply
        </button>
      </div>
    </article>
  );
});
