"use client";
// "Add reaction": opens the emoji picker for a message; the picked emoji is added as my reaction.
import { useRef, useState } from "react";
import clsx from "clsx";
import type { MessageDto } from "@/lib/realtime/dto";
import { EmojiPicker } from "./emoji-picker";
import { recordEmojiUse } from "./emoji-usage";
import { useReactions } from "./reactions-context";

export function AddReactionButton({ message, className, onError }: { message: MessageDto; className?: string; onError?(text: string): void }) {
  const scope = useReactions();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  if (!scope) return null;
  const pick = (emoji: string) => {
    recordEmojiUse(scope.meId, emoji);
    // Picking one I already gave leaves it as it is: the picker only ever adds.
    if (message.reactions.some((r) => r.emoji === emoji && r.entityIds.includes(scope.meId))) return;
    scope.react(message.spaceId, message.id, emoji, true).catch((e: Error) => (onError ?? alert)(e.message));
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Add reaction to ${message.sender.name}'s message`}
        aria-haspopup="dialog"
        title="Add reaction"
        className={clsx("hover:bg-zinc-100 dark:hover:bg-zinc-700", className)}
      >
        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-none stroke-current" strokeWidth={1.6}>
          <circle cx="9" cy="10" r="6.5" />
          <path d="M6.5 11.5c.6 1 1.5 1.5 2.5 1.5s1.9-.5 2.5-1.5M7 8h.01M11 8h.01" strokeLinecap="round" />
          <path d="M16 2.5v4M14 4.5h4" strokeLinecap="round" />
        </svg>
      </button>
      {open && <EmojiPicker meId={scope.meId} anchor={button.current} onPick={pick} onClose={() => setOpen(false)} />}
    </>
  );
}
