"use client";
// One message of the outbox, shown below the timeline until the server has it, with its one
// state: sending, queued (with a live countdown, or waiting for the connection), or failed.
import { useEffect, useState } from "react";
import type { PendingMessage } from "./outbox";
import { usePlainMentions } from "./mention-names";

interface Props {
  message: PendingMessage;
  online: boolean;
  onRetry(clientMessageId: string): void;
  onDiscard(clientMessageId: string): void;
}

export function PendingItem({ message: p, online, onRetry, onDiscard }: Props) {
  const plain = usePlainMentions();
  return (
    <article className="flex gap-3 px-4 py-1" aria-label={`Unsent: ${plain(p.text).slice(0, 60)}`} data-outbox={p.status}>
      <div className="w-9" />
      <div className="min-w-0 flex-1">
        <p className="text-[0.9375rem] break-words whitespace-pre-wrap opacity-70">{plain(p.text)}</p>
        <OutboxStatus message={p} online={online} onRetry={onRetry} onDiscard={onDiscard} />
      </div>
    </article>
  );
}

function OutboxStatus({ message: p, online, onRetry, onDiscard }: Props) {
  if (p.status === "failed")
    return (
      <p className="text-xs text-red-700 dark:text-red-400">
        Not sent{p.error ? `: ${p.error.replace(/\.$/, "")}` : ""}.{" "}
        <button type="button" className="font-semibold underline" onClick={() => onRetry(p.clientMessageId)}>
          Retry
        </button>{" "}
        <button type="button" className="underline" onClick={() => onDiscard(p.clientMessageId)}>
          Discard
        </button>
      </p>
    );
  if (!online) return <p className="text-xs text-amber-700 dark:text-amber-400">Waiting for connection · sends when you are back online</p>;
  if (p.status === "queued" && p.retryAt) return <Countdown until={p.retryAt} />;
  return <p className="text-xs text-zinc-500">Sending…</p>;
}

/** "Queued until 14:02:31 · sending in 7 s". Ticks 4 times a second so the rows of one queue count down together. */
function Countdown({ until }: { until: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, []);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  const at = new Date(until).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return (
    <p className="text-xs text-amber-700 dark:text-amber-400">
      Queued until {at} · {left > 0 ? `sending in ${left} s` : "sending…"}
    </p>
  );
}
