"use client";
// What shows under an agent's message: its question (buttons, waiting, countdown, how it
// ended), the "regenerated" mark, what its run did, and Regenerate for the person it answered.
import { useState } from "react";
import type { MessageDto } from "@/lib/realtime/dto";
import { QuestionCard } from "./question-card";
import { RunSteps } from "./run-steps";
import { useSteering } from "./steering-context";

export function AgentMessageExtras({ message }: { message: MessageDto }) {
  const steering = useSteering();
  const [error, setError] = useState<string | null>(null);
  if (!steering || !message.runId) return null;
  const run = steering.runs[message.runId];
  // The person this run answered, when the client saw it (the server checks again).
  const canRegenerate =
    !message.regenerated && !message.question && run?.triggerEntityId === steering.meId && ["completed", "failed", "canceled"].includes(run.status);
  return (
    <>
      {message.question && <QuestionCard question={message.question} agentName={message.sender.name} runId={message.runId} />}
      <div className="mt-0.5 flex flex-wrap items-center gap-2">
        {message.regenerated && (
          <span className="rounded border border-zinc-300 px-1.5 text-[0.65rem] font-medium text-zinc-500 dark:border-zinc-600 dark:text-zinc-400">
            regenerated
          </span>
        )}
        <RunSteps messageId={message.id} agentName={message.sender.name} />
        {canRegenerate && (
          <button
            type="button"
            onClick={() => steering.regenerate(message.id).catch((e: Error) => setError(e.message))}
            className="rounded px-1 py-0.5 text-xs text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
            aria-label={`Regenerate ${message.sender.name}'s answer`}
          >
            ↻ Regenerate
          </button>
        )}
        {error && (
          <span role="alert" className="text-xs text-red-700 dark:text-red-400">
            {error}
          </span>
        )}
      </div>
    </>
  );
}
