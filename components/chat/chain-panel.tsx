"use client";
// The "Chain" side panel: the agent chain a message belongs to, from GET /api/messages/:id/chain.
// Live while open: whenever the workspace sees chain activity (`liveKey` changes: a new
// message, a run starting or ending, agents deciding about a message), it fetches again, at most every REFRESH_MS, so a chain
// grows in place as it unfolds without spending the caller's rate limit on a burst.
import { useEffect, useRef, useState } from "react";
import type { ChainDto } from "@/lib/chains/chain-dtos";
import { ChainMessage } from "./chain-tree";

/** Under the chainViewsPerUser limit (60 a minute) even while a chain keeps changing. */
const REFRESH_MS = 1500;

interface Props {
  messageId: string;
  liveKey: string;
  onClose(): void;
}

export function ChainPanel({ messageId, liveKey, onClose }: Props) {
  const [chain, setChain] = useState<ChainDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const lastFetch = useRef(0);
  // Answers are applied newest-request-wins, never dropped for arriving late: on a slow server
  // a busy chain changes more often than a fetch takes, and discarding every answer that a
  // newer change overtook would leave the tree empty until the chain went quiet.
  const requested = useRef(0);
  const applied = useRef(0);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  useEffect(() => {
    const wait = Math.max(0, lastFetch.current + REFRESH_MS - Date.now());
    const timer = setTimeout(async () => {
      lastFetch.current = Date.now();
      const seq = ++requested.current;
      setLoading(true);
      let next: { chain: ChainDto } | { error: string };
      try {
        const res = await fetch(`/api/messages/${encodeURIComponent(messageId)}/chain`);
        const body = await res.json();
        next = res.ok ? { chain: body as ChainDto } : { error: body?.error?.message ?? `Could not load the chain (${res.status})` };
      } catch {
        next = { error: "Could not load the chain: the server did not answer" };
      }
      if (!mounted.current || seq < applied.current) return;
      applied.current = seq;
      if ("chain" in next) {
        setChain(next.chain);
        setError(null);
      } else setError(next.error);
      if (seq === requested.current) setLoading(false);
    }, wait);
    return () => clearTimeout(timer);
  }, [messageId, liveKey]);

  // On a phone the tree needs the whole width: a full-screen sheet; on a tablet, an overlay.
  return (
    <aside
      aria-label="Agent chain"
      className="flex w-96 shrink-0 flex-col border-l border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950 max-md:fixed max-md:inset-0 max-md:z-30 max-md:w-auto md:max-lg:absolute md:max-lg:inset-y-0 md:max-lg:right-0 md:max-lg:z-20 md:max-lg:shadow-xl"
    >
      <div className="flex items-center gap-2 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <h2 className="flex-1 font-semibold">Agent chain</h2>
        {loading && (
          <span role="status" className="text-xs text-zinc-500">
            {chain ? "Updating…" : "Loading…"}
          </span>
        )}
        <button type="button" onClick={onClose} aria-label="Close agent chain" className="rounded px-2 py-1 hover:bg-zinc-100 dark:hover:bg-zinc-800">
          ✕
        </button>
      </div>
      <div className="flex-1 overflow-y-auto p-3">
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        {chain && (
          <>
            <p className="mb-1 text-xs text-zinc-500">
              {chain.nodes} step{chain.nodes === 1 ? "" : "s"}
              {chain.truncated ? " — cut short: the chain is too large to show whole" : ""}
            </p>
            <ul aria-label="Chain tree">
              <ChainMessage node={chain.root} parentSpaceId={null} />
            </ul>
          </>
        )}
      </div>
    </aside>
  );
}
