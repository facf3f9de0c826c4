"use client";
// The chips under a message: each emoji with its count, highlighted (and pressed) when I am
// among those who reacted, titled with who did; a click adds or takes back mine. A last chip
// opens the picker, so a reaction can be added without finding the hover actions.
import { useState } from "react";
import clsx from "clsx";
import type { MessageDto } from "@/lib/realtime/dto";
import { AddReactionButton } from "./add-reaction-button";
import { recordEmojiUse } from "./emoji-usage";
import { useReactions } from "./reactions-context";

export function ReactionsBar({ message }: { message: MessageDto }) {
  const scope = useReactions();
  const [error, setError] = useState<string | null>(null);
  if (!scope || message.reactions.length === 0) return null;
  const toggle = (emoji: string, mine: boolean) => {
    setError(null);
    if (!mine) recordEmojiUse(scope.meId, emoji);
    scope.react(message.spaceId, message.id, emoji, !mine).catch((e: Error) => setError(e.message));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form's fieldset
    <div role="group" aria-label="Reactions" className="mt-1 flex flex-wrap items-center gap-1">
      {message.reactions.map((r) => {
        const mine = r.entityIds.includes(scope.meId);
        const names = r.entityIds.map(scope.nameOf).join(", ");
        return (
          <button
            key={r.emoji}
            type="button"
            aria-pressed={mine}
            aria-label={`${r.emoji} ${r.count} ${r.count === 1 ? "reaction" : "reactions"} from ${names}`}
            title={`${names} reacted with ${r.emoji}`}
            onClick={() => toggle(r.emoji, mine)}
            className={clsx(
              "inline-flex h-6 items-center gap-1 rounded-full border px-2 text-xs font-medium tabular-nums transition-colors",
              mine
                ? "border-accent-500 bg-accent-50 text-accent-700 hover:bg-accent-100 dark:border-accent-500 dark:bg-accent-600/25 dark:text-indigo-200 dark:hover:bg-accent-600/40"
                : "border-zinc-200 bg-zinc-50 text-zinc-700 hover:border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300 dark:hover:bg-zinc-800",
            )}
          >
            <span aria-hidden className="text-sm leading-none">
              {r.emoji}
            </span>
            <span aria-hidden>{r.count}</span>
          </button>
        );
      })}
      <AddReactionButton
        message={message}
        onError={setError}
        className="inline-flex h-6 items-center rounded-full border border-zinc-200 px-1.5 text-zinc-500 hover:text-zinc-800 dark:border-zinc-700 dark:text-zinc-400 dark:hover:text-zinc-200"
      />
      {error && (
        <span role="status" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </span>
      )}
    </div>
  );
}
