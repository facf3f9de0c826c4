"use client";
// The run inspector: status, trigger, chain depth, timeline, tokens and the exact context
// each model call was given, updating live over the admins' socket room.
import { useCallback, useEffect, useRef, useState } from "react";
import Link from "next/link";
import type { RunDto } from "@/lib/realtime/dto";
import type { RunDetailDto } from "@/lib/runs/run-dtos";
import { mergeRunDetail, unionEvents } from "@/lib/runs/merge-run-detail";
import type { RunEventDto } from "@/lib/runs/run-events";
import { isLiveStatus } from "@/lib/runs/run-status";
import { tokenUsage } from "@/lib/runs/token-usage";
import { RunCallContexts } from "./run-call-contexts";
import { RunPlace } from "./run-place";
import { StatusBadge, clock, duration } from "./run-status";
import { RunTimeline } from "./run-timeline";
import { useRunSocket } from "./use-run-socket";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-zinc-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm">{children}</dd>
    </div>
  );
}

export function RunInspector({ runId }: { runId: string }) {
  const [detail, setDetail] = useState<RunDetailDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [canceling, setCanceling] = useState(false);
  const [retrying, setRetrying] = useState(false);

  // The last run:updated for this run, and when it arrived (see mergeRunDetail).
  const pushed = useRef<{ run: RunDto; at: number } | null>(null);
  // Every event pushed for this run, also those that arrive before the first fetch lands.
  const pushedEvents = useRef<RunEventDto[]>([]);
  const load = useCallback(async () => {
    const leftAt = performance.now();
    const res = await fetch(`/api/runs/${runId}`);
    const body = await res.json();
    if (!res.ok) return setError(body.error?.message ?? "Could not load the run");
    setError(null);
    const meanwhile = pushed.current && pushed.current.at > leftAt ? pushed.current.run : null;
    const fetched = body as RunDetailDto;
    setDetail((had) => mergeRunDetail(had, { ...fetched, events: unionEvents(fetched.events, pushedEvents.current) }, meanwhile));
  }, [runId]);

  useEffect(() => void load(), [load]);
  useRunSocket({
    onEvent: (event) => {
      if (event.runId !== runId) return;
      pushedEvents.current = unionEvents(pushedEvents.current, [event]);
      setDetail((d) => (d ? { ...d, events: unionEvents(d.events, [event]) } : d));
      // The context snapshot and sent messages live on the run row: fetch them when they change.
      if (event.type === "context" || event.type === "message_sent") void load();
    },
    onRun: (run) => {
      if (run.id === runId) {
        pushed.current = { run, at: performance.now() };
        return setDetail((d) => (d ? { ...d, run } : d));
      }
      // A run linked to this one (its retry, the run before it, one it set off) changed: its badge here follows.
      const p = detail?.place;
      if (run.retryOfId === runId || p?.parent?.run?.id === run.id || p?.retryOf?.id === run.id || p?.children.some((c) => c.id === run.id)) void load();
    },
    onLive: () => void load(),
  });

  const cancel = async () => {
    setCanceling(true);
    const res = await fetch(`/api/runs/${runId}/cancel`, { method: "POST" });
    if (!res.ok) setError((await res.json()).error?.message ?? "Could not cancel");
    setCanceling(false);
  };

  const retry = async () => {
    setRetrying(true);
    const res = await fetch(`/api/runs/${runId}/retry`, { method: "POST" });
    if (!res.ok) setError((await res.json().catch(() => null))?.error?.message ?? "Could not retry");
    else await load();
    setRetrying(false);
  };

  if (error && !detail)
    return (
      <p role="alert" className="text-sm text-red-600">
        {error}
      </p>
    );
  if (!detail)
    return (
      <p role="status" className="text-sm text-zinc-500">
        Loading run…
      </p>
    );
  const { run, trigger } = detail;

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">Run of {run.agent.name}</h1>
        <StatusBadge status={run.status} />
        <span className="text-sm text-zinc-500">{run.agent.provider === "offline" ? "offline model" : `${run.agent.provider} / ${run.agent.modelId}`}</span>
        {isLiveStatus(run.status) && (
          <button
            type="button"
            onClick={cancel}
            disabled={canceling}
            className="ml-auto rounded-lg border border-red-300 px-3 py-1 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950"
          >
            {canceling ? "Canceling…" : "Cancel run"}
          </button>
        )}
        {run.status === "failed" && !detail.place.retriedBy && (
          <button
            type="button"
            onClick={retry}
            disabled={retrying}
            className="ml-auto rounded-lg bg-accent-600 px-3 py-1 text-sm font-medium text-white hover:bg-accent-700 disabled:opacity-50"
          >
            {retrying ? "Retrying…" : "Retry run"}
          </button>
        )}
      </header>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}

      <dl className="grid grid-cols-2 gap-4 rounded-2xl border border-zinc-200 p-4 sm:grid-cols-4 dark:border-zinc-800">
        <Fact label="Trigger">
          {run.triggerType === "space_message" && trigger.message ? (
            <>
              {trigger.message.sender.name} in{" "}
              <Link className="text-accent-600 hover:underline dark:text-indigo-300" href={`/spaces/${trigger.space?.id}`}>
                #{trigger.space?.name}
              </Link>
              : “{trigger.message.text.slice(0, 120)}”
            </>
          ) : run.triggerType === "plan" ? (
            <>
              plan “{trigger.plan?.name ?? "deleted"}”: {trigger.plan?.instruction}
            </>
          ) : (
            <>
              service <code>{trigger.serviceName}</code>
              <pre className="mt-1 overflow-x-auto text-xs">{JSON.stringify(trigger.payload)}</pre>
            </>
          )}
        </Fact>
        <Fact label="Chain depth">{run.chainDepth}</Fact>
        <Fact label="Steps / waits">
          {run.stepCount} tool steps · {run.waitCount} waits
        </Fact>
        <Fact label="Tokens">
          {/* A run's cached count is 0 both when nothing was cached and when the provider never said: the share is shown only when some was. */}
          {tokenUsage(run.inputTokens, run.cachedInputTokens || null, run.outputTokens)} · {run.totalTokens.toLocaleString("en-US")} total
        </Fact>
        <Fact label="Queued">{clock(run.queuedAt)}</Fact>
        <Fact label="Duration">{duration(run.startedAt, run.endedAt)}</Fact>
        <Fact label="Waiting">{run.waitState && run.status === "waiting_reply" ? `until ${clock(run.waitState.timeoutAt)} for a reply` : "–"}</Fact>
        <Fact label="Reason">{run.statusReason ?? "–"}</Fact>
      </dl>

      {run.error && (
        <section aria-label="Error" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-sm dark:border-red-900 dark:bg-red-950/40">
          <h2 className="font-semibold text-red-800 dark:text-red-300">Failed: {run.error}</h2>
          {run.partialOutput && <pre className="mt-2 overflow-x-auto text-xs whitespace-pre-wrap">Partial output: {run.partialOutput}</pre>}
        </section>
      )}

      <RunPlace place={detail.place} />

      <section aria-labelledby="timeline-h">
        <h2 id="timeline-h" className="mb-2 font-semibold">
          Timeline
        </h2>
        <RunTimeline events={detail.events} />
      </section>

      <section aria-labelledby="sent-h">
        <h2 id="sent-h" className="mb-2 font-semibold">
          Messages sent ({detail.messages.length})
        </h2>
        {detail.messages.length === 0 ? (
          <p className="text-sm text-zinc-500">None — this run stayed silent.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {detail.messages.map((m) => (
              <li key={m.id}>
                <Link className="text-accent-600 hover:underline dark:text-indigo-300" href={`/spaces/${m.spaceId}`}>
                  seq {m.seq}
                </Link>{" "}
                (depth {m.chainDepth}): {m.text}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="context-h">
        <h2 id="context-h" className="mb-2 font-semibold">
          Context given to the model
        </h2>
        <RunCallContexts runId={runId} events={detail.events} latest={detail.context} />
      </section>
    </div>
  );
}
