// One run's timeline: each event as a readable line, tool inputs and results in full.
import type { RunEventDto } from "@/lib/realtime/dto";
import { clock } from "./run-status";

const json = (v: unknown) => JSON.stringify(v, null, 2);

function Body({ e }: { e: RunEventDto }) {
  // biome-ignore lint/suspicious/noExplicitAny: each event type carries its own fields; this view only prints them
  const d = e.data as Record<string, any>;
  switch (e.type) {
    case "status":
      return (
        <span>
          Status → <b>{String(d.status).replace("_", " ")}</b>
          {d.reason ? ` — ${d.reason}` : ""}
        </span>
      );
    case "context":
      return (
        <span>
          Context built for {d.model}: ≈{d.tokens} tokens{d.omittedSeen ? `, ${d.omittedSeen} [SEEN] lines omitted for the budget` : ""}
          {d.resumed ? ` — resumed after wait (${d.resumed.status})` : ""}
        </span>
      );
    case "model_step":
      return (
        <span>
          Model step: {d.toolCalls?.length ? `called ${d.toolCalls.join(", ")}` : "no tool call"} · finish {d.finishReason} · {d.usage?.input ?? 0} in /{" "}
          {d.usage?.output ?? 0} out tokens{d.text ? <em className="block text-zinc-500">“{d.text}”</em> : null}
        </span>
      );
    case "tool_call":
      return (
        <details>
          <summary className="cursor-pointer">
            Tool call <code className="font-semibold">{d.name}</code>
          </summary>
          <pre className="mt-1 overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900">{json(d.input)}</pre>
        </details>
      );
    case "tool_result":
      return (
        <details open={!!d.output?.error}>
          <summary className="cursor-pointer">
            Tool result <code className="font-semibold">{d.name}</code>
            {d.output?.error ? <span className="ml-1 text-red-600 dark:text-red-400">error: {d.output.error}</span> : null}
          </summary>
          <pre className="mt-1 overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900">{json(d.output)}</pre>
        </details>
      );
    case "message_sent":
      return (
        <span>
          Sent{d.wait ? " (waiting for a reply)" : ""}: “{d.text}”
        </span>
      );
    case "wait_started":
      return <span>Waiting for a reply to message {d.messageId}</span>;
    case "wait_resolved":
      return <span>Wait answered by {d.by}</span>;
    case "folded":
      return <span>Message from {d.sender} folded into this queued run</span>;
    case "error":
      return (
        <span className="text-red-700 dark:text-red-400">
          Error: {d.error}
          {d.partialOutput ? (
            <pre className="mt-1 overflow-x-auto rounded bg-red-50 p-2 text-xs whitespace-pre-wrap dark:bg-red-950/40">Partial output: {d.partialOutput}</pre>
          ) : null}
        </span>
      );
    default:
      return <pre className="text-xs">{json(d)}</pre>;
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
