"use client";
// Under an agent's question: the choices as buttons for the asked person alone, "Waiting for
// Ben" for everyone else, a live countdown to the wait's end, Stop for those who may, and once
// it ended, how (answered and by whom, timed out, canceled).
import { useEffect, useState } from "react";
import { countdown, type QuestionDto, questionEndLabel } from "@/lib/questions/question";
import { canStop, useSteering } from "./steering-context";

function Countdown({ expiresAt }: { expiresAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return <span className="tabular-nums">expires in {countdown(expiresAt, now)}</span>;
}

export function QuestionCard({ question: q, agentName, runId }: { question: QuestionDto; agentName: string; runId: string | null }) {
  const steering = useSteering();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!steering) return null;
  const mine = q.askedEntityId === null || q.askedEntityId === steering.meId;
  const run = runId ? steering.runs[runId] : undefined;
  const stoppable = q.status === "open" && runId && (run ? canStop(steering, run) : steering.managesSpace || q.askedEntityId === steering.meId);
  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (q.status !== "open") {
    const label = questionEndLabel(q);
    return (
      <p
        role="note"
        className={
          q.status === "answered"
            ? "mt-1 inline-flex items-center gap-1.5 rounded-md bg-emerald-50 px-2 py-0.5 text-xs text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300"
            : "mt-1 inline-flex items-center gap-1.5 rounded-md bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"
        }
      >
        {q.status === "answered" ? "✓" : "○"} {label}
      </p>
    );
  }

  return (
    <section
      aria-label={`Question from ${agentName}`}
      className="mt-1.5 max-w-md rounded-lg border border-indigo-200 bg-indigo-50/60 px-3 py-2 text-sm dark:border-indigo-900 dark:bg-indigo-950/30"
    >
      {mine && q.options.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {q.options.map((o, i) => (
            <button
              key={o}
              type="button"
              disabled={busy}
              onClick={() => act(() => steering.answerQuestion(q.messageId, o))}
              className={
                i === 0
                  ? "rounded-md bg-indigo-600 px-3 py-1 text-sm font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-50"
                  : "rounded-md border border-zinc-300 bg-white px-3 py-1 text-sm font-medium hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-50 dark:border-zinc-600 dark:bg-zinc-900 dark:hover:bg-zinc-800"
              }
            >
              {o}
            </button>
          ))}
        </div>
      ) : (
        <p className="text-zinc-700 dark:text-zinc-300">
          {mine ? `${agentName} is waiting for your answer: reply to this message.` : `Waiting for ${q.askedName ?? "an answer"}`}
        </p>
      )}
      <div className="mt-1.5 flex items-center gap-3 text-xs text-zinc-500 dark:text-zinc-400">
        <Countdown expiresAt={q.expiresAt} />
        {stoppable && (
          <button
            type="button"
            disabled={busy}
            onClick={() => act(() => steering.stopRun(runId))}
            className="rounded px-1.5 py-0.5 font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-500 disabled:opacity-50 dark:text-red-400 dark:hover:bg-red-950/40"
            aria-label={`Stop ${agentName}`}
          >
            Stop
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </section>
  );
}
