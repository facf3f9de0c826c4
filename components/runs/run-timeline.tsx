// One run's timeline: each event as a readable line, tool inputs and results in full.
import { type RunEventDto, toolError } from "@/lib/runs/run-events";
import { tokenUsage } from "@/lib/runs/token-usage";
import { clock } from "./run-status";
import { TOOL_NAMES } from "@/lib/agents/tool-names";

const json = (v: unknown) => JSON.stringify(v, null, 2);
const n = (x: number) => x.toLocaleString("en-US");

const WINDOW_SOURCE = { settings: "set in modelSettings", model: "the model's window", default: "default for unknown models" } as const;

/** "window 8,000 tokens (default for unknown models) · context 4,200 · reserved for output 2,000 · tools 1,600". */
function windowLine(b: NonNullable<Extract<RunEventDto, { type: "context" }>["data"]["budget"]>): string {
  const source = b.source ? ` (${WINDOW_SOURCE[b.source]})` : "";
  return `window ${n(b.window)} tokens${source} · context ${n(b.context)} · reserved for output ${n(b.output)} · tools ${n(b.tools)}`;
}

function Body({ e }: { e: RunEventDto }) {
  switch (e.type) {
    case "status":
      return (
        <span>
          Status → <b>{e.data.status.replace("_", " ")}</b>
          {e.data.reason ? ` — ${e.data.reason}` : ""}
        </span>
      );
    case "context": {
      const d = e.data;
      return (
        <span>
          Context built for {d.model}: ≈{n(d.tokens)} tokens
          {d.budget ? ` of ${n(d.budget.context)} (${windowLine(d.budget)})` : ""}
          {d.omittedSeen ? `, ${d.omittedSeen} [SEEN] lines omitted for the budget` : ""}
          {d.omittedNew ? `, ${d.omittedNew} [NEW] lines left unread for the budget` : ""}
          {d.resumed ? ` — resumed after wait (${d.resumed.status})` : ""}
          {d.retry ? ` — rebuilt smaller after the provider said: ${d.retry}` : ""}
          {d.tools && (
            <span className="block text-zinc-500">
              Tools offered ({d.tools.length} of {TOOL_NAMES.length}): {d.tools.join(", ")}
              {d.tools.length < TOOL_NAMES.length ? ` · not offered: ${TOOL_NAMES.filter((n) => !d.tools?.includes(n)).join(", ")}` : ""}
            </span>
          )}
        </span>
      );
    }
    case "model_step": {
      const d = e.data;
      return (
        <span>
          Model step: {d.toolCalls.length ? `called ${d.toolCalls.join(", ")}` : "no tool call"} · finish {d.finishReason} · tokens{" "}
          {tokenUsage(d.usage.input, d.usage.cachedInput, d.usage.output)}
          {d.text ? <em className="block text-zinc-500">“{d.text}”</em> : null}
        </span>
      );
    }
    case "tool_call":
      return (
        <details>
          <summary className="cursor-pointer">
            Tool call <code className="font-semibold">{e.data.name}</code>
          </summary>
          <pre className="mt-1 overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900">{json(e.data.input)}</pre>
        </details>
      );
    case "tool_result": {
      const error = toolError(e.data.output);
      return (
        <details open={!!error}>
          <summary className="cursor-pointer">
            Tool result <code className="font-semibold">{e.data.name}</code>
            {error ? <span className="ml-1 text-red-600 dark:text-red-400">error: {error}</span> : null}
          </summary>
          <pre className="mt-1 overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900">{json(e.data.output)}</pre>
        </details>
      );
    }
    case "message_sent":
      return (
        <span>
          Sent{e.data.wait ? " (waiting for a reply)" : ""}: “{e.data.text}”
        </span>
      );
    case "wait_started":
      return <span>Waiting for a reply to message {e.data.messageId}</span>;
    case "wait_resolved":
      return <span>Wait answered by {e.data.by}</span>;
    case "wait_not_answer":
      return (
        <span>
          {e.data.by} wrote during the wait; not the answer ({e.data.asked} was asked)
        </span>
      );
    case "folded":
      return <span>Message from {e.data.sender} folded into this queued run</span>;
    case "error":
      return (
        <span className="text-red-700 dark:text-red-400">
          Error: {e.data.error}
          {e.data.partialOutput ? (
            <pre className="mt-1 overflow-x-auto rounded bg-red-50 p-2 text-xs whitespace-pre-wrap dark:bg-red-950/40">
              Partial output: {e.data.partialOutput}
            </pre>
          ) : null}
        </span>
      );
    default: {
      // A type this page does not know yet (a newer server): show its data as is.
      const unknown: { data: unknown } = e;
      return <pre className="text-xs">{json(unknown.data)}</pre>;
    }
  }
}

export function RunTimeline({ events }: { events: RunEventDto[] }) {
  if (events.length === 0) return <p className="text-sm text-zinc-500">Nothing yet: the run is queued.</p>;
  return (
    <ol aria-label="Run timeline" className="space-y-1.5">
      {events.map((e) => (
        <li key={e.seq} className="flex gap-3 text-sm">
          <span className="w-20 shrink-0 text-xs text-zinc-500 tabular-nums">{clock(e.createdAt)}</span>
          <span className="w-28 shrink-0 text-xs font-medium text-zinc-500 uppercase">{e.type.replace("_", " ")}</span>
          <div className="min-w-0 flex-1 break-words">
            <Body e={e} />
          </div>
        </li>
      ))}
    </ol>
  );
}
