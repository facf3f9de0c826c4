"use client";
// Right before "Planner is thinking…": Stop, for each of this space's live agent runs I may stop.
import { useState } from "react";
import { isLiveStatus } from "@/lib/runs/run-status";
import { canStop, useSteering } from "./steering-context";

export function RunStopButtons({ spaceId }: { spaceId: string }) {
  const steering = useSteering();
  const [error, setError] = useState<string | null>(null);
  if (!steering) return null;
  const runs = Object.values(steering.runs).filter(
    // A waiting run is stopped from its question instead.
    (r) => isLiveStatus(r.status) && r.status === "running" && (r.activeSpaceId ?? r.triggerSpaceId) === spaceId && canStop(steering, r),
  );
  if (!runs.length && !error) return null;
  return (
    <div className="-mr-3 flex shrink-0 items-center gap-1 pl-4">
      {runs.map((r) => (
        <button
          key={r.id}
          type="button"
          onClick={() =>
            steering.stopRun(r.id).then(
              () => setError(null),
              (e: Error) => setError(e.message),
            )
          }
          className="rounded border border-zinc-300 px-1.5 text-xs font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-500 dark:border-zinc-600 dark:text-red-400 dark:hover:bg-red-950/40"
          aria-label={`Stop ${r.agent.name}`}
        >
          ■ Stop
        </button>
      ))}
      {error && (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </span>
      )}
    </div>
  );
}
