"use client";
// The context of each model call of a run: the latest comes with the run page, an earlier one
// is fetched when chosen (GET /api/runs/:id/contexts/:n), since each can be the size of the window.
import { useEffect, useState } from "react";
import { callKind, contextEvents } from "@/lib/runs/call-kind";
import type { RunCallContextDto } from "@/lib/runs/run-dtos";
import type { RunEventDto } from "@/lib/runs/run-events";

export function RunCallContexts({ runId, events, latest }: { runId: string; events: readonly RunEventDto[]; latest: string | null }) {
  const calls = contextEvents(events);
  // null: the latest call, whatever its number becomes while the run goes on.
  const [chosen, setChosen] = useState<number | null>(null);
  const [loaded, setLoaded] = useState<{ call: number; text: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = chosen ?? calls.length;

  useEffect(() => {
    if (chosen === null) return;
    let live = true;
    setError(null);
    void (async () => {
      const res = await fetch(`/api/runs/${runId}/contexts/${chosen}`);
      const body = await res.json().catch(() => null);
      if (!live) return;
      if (!res.ok) return setError(body?.error?.message ?? "Could not load this call's context");
      setLoaded({ call: chosen, text: (body as RunCallContextDto).context });
    })();
    return () => {
      live = false;
    };
  }, [runId, chosen]);

  const text = chosen === null ? latest : loaded?.call === chosen ? loaded.text : undefined;
  const event = calls[shown - 1];
  return (
    <>
      {calls.length > 0 && (
        <fieldset aria-label="Model calls" className="mb-2 flex flex-wrap gap-2">
          {calls.map((e, i) => (
            <button
              key={e.seq}
              type="button"
              aria-pressed={shown === i + 1}
              aria-label={`Context of call ${i + 1}: ${callKind(e.data, i + 1)}`}
              onClick={() => setChosen(i + 1 === calls.length ? null : i + 1)}
              className="rounded-full border border-zinc-300 px-3 py-1 text-xs aria-pressed:bg-zinc-200 dark:border-zinc-700 dark:aria-pressed:bg-zinc-800"
            >
              Call {i + 1}
            </button>
          ))}
        </fieldset>
      )}
      {event && (
        <p className="mb-2 text-sm text-zinc-500">
          Call {shown} of {calls.length}: {callKind(event.data, shown)}, {event.data.tokens.toLocaleString("en-US")} tokens
        </p>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : text === undefined ? (
        <p className="text-sm text-zinc-500">Loading…</p>
      ) : text ? (
        // A named region. It scrolls, so keyboard users must be able to focus it to scroll it
        // (a scrollable region without focus is unreachable by keyboard).
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: focus is how a keyboard scrolls this region
          tabIndex={0}
          aria-label="Context"
          className="max-h-[32rem] overflow-auto rounded-2xl bg-zinc-100 p-4 text-xs leading-relaxed whitespace-pre-wrap dark:bg-zinc-900"
        >
          <pre className="whitespace-pre-wrap">{text}</pre>
        </section>
      ) : (
        <p className="text-sm text-zinc-500">{calls.length ? "Not kept for this call." : "Not built yet."}</p>
      )}
    </>
  );
}
