"use client";
// Under an agent's message: a collapsed line that opens to what its run did ("read #general
// (50 messages) · set a reminder"), fetched when opened, as the server lets this viewer see it.
import { useState } from "react";
import { type RunStepsDto, stepsSummary } from "@/lib/runs/run-steps";
import { useSteering } from "./steering-context";

export function RunSteps({ messageId, agentName }: { messageId: string; agentName: string }) {
  const steering = useSteering();
  const [open, setOpen] = useState(false);
  const [steps, setSteps] = useState<RunStepsDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!steering) return null;
  const toggle = async () => {
    const next = !open;
    setOpen(next);
    if (next && !steps) {
      try {
        setSteps(await steering.runSteps(messageId));
      } catch (e) {
        setError((e as Error).message);
      }
    }
  };
  return (
    <div className="text-xs text-zinc-500 dark:text-zinc-400">
      <button
        type="button"
        aria-expanded={open}
        onClick={toggle}
        className="rounded px-1 py-0.5 hover:bg-zinc-100 hover:text-zinc-800 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
        aria-label={`What ${agentName} did`}
      >
        {open ? "▾" : "▸"} What it did
      </button>
      {open && (
        <div className="ml-4">
          {error ? (
            <p role="alert">{error}</p>
          ) : !steps ? (
            <p>Loading…</p>
          ) : steps.steps.length === 0 ? (
            <p>Nothing besides writing this.</p>
          ) : (
            <p>{stepsSummary(steps.steps)}</p>
          )}
        </div>
      )}
    </div>
  );
}
