"use client";
// An admin's full-page chain tree for one message (the run page's "View chain"). Live while
// open: any run changing anywhere, or agents deciding about a message (the admins' room hears
// both for every space) fetches the tree again, at most every REFRESH_MS, so a chain grows in place as it unfolds
// without a burst of changes spending the chainViewsPerUser limit.
import { useCallback, useEffect, useRef, useState } from "react";
import type { ChainDto } from "@/lib/chains/chain-dtos";
import { ChainMessage } from "../chat/chain-tree";
import { useRunSocket } from "../runs/use-run-socket";

/** Under the chainViewsPerUser limit (60 a minute) even while chains keep changing. */
const REFRESH_MS = 1500;

export function ChainView({ messageId }: { messageId: string }) {
  const [chain, setChain] = useState<ChainDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const lastFetch = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Newest request wins; a late answer to an older one is not applied over a newer one.
  const requested = useRef(0);
  const applied = useRef(0);

  const load = useCallback(async () => {
    lastFetch.current = Date.now();
    const seq = ++requested.current;
    setLoading(true);
    let next: { chain: ChainDto } | { error: string };
    try {
      const res = await fetch(`/api/messages/${encodeURIComponent(messageId)}/chain`);
      const body = await res.json().catch(() => null);
      next = res.ok ? { chain: body as ChainDto } : { error: body?.error?.message ?? `Could not load the chain (${res.status})` };
    } catch {
      next = { error: "Could not load the chain: the server did not answer" };
    }
    if (seq < applied.current) return;
    applied.current = seq;
    if ("chain" in next) {
      setChain(next.chain);
      setError(null);
    } else setError(next.error);
    if (seq === requested.current) setLoading(false);
  }, [messageId]);

  const refreshSoon = useCallback(() => {
    if (timer.current) return;
    const wait = Math.max(0, lastFetch.current + REFRESH_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      void load();
    }, wait);
  }, [load]);

  useEffect(() => {
    void load();
    return () => clearTimeout(timer.current ?? undefined);
  }, [load]);
  useRunSocket({ onRun: refreshSoon, onDecided: refreshSoon, onLive: refreshSoon });

  return (
    <div>
      <p role="status" className="mb-2 min-h-5 text-xs text-zinc-500 dark:text-zinc-400">
        {loading
          ? chain
            ? "Updating…"
            : "Loading…"
          : chain
            ? `${chain.nodes} step${chain.nodes === 1 ? "" : "s"}${chain.truncated ? " — cut short: the chain is too large to show whole" : ""}`
            : ""}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
          {/* The tree shows only spaces its viewer reads, admins included. */}
          {chain ? "" : " (the chain shows only messages in spaces you are a member of)"}
        </p>
      )}
      {chain && (
        <ul aria-label="Chain tree" className="max-w-3xl">
          <ChainMessage node={chain.root} parentSpaceId={null} />
        </ul>
      )}
    </div>
  );
}
