"use client";
// Recent runs with status filter, updating live. A first piece of the admin panel.
import { useCallback, useEffect, useState } from "react";
import Link from "next/link";
import type { RunDto } from "@/lib/realtime/dto";
import { RUN_STATUSES, type RunStatus } from "@/lib/runs/run-status";
import { tokenUsage } from "@/lib/runs/token-usage";
import { StatusBadge, clock, duration } from "./run-status";
import { useRunSocket } from "./use-run-socket";

export function RunList() {
  const [runs, setRuns] = useState<RunDto[] | null>(null);
  const [status, setStatus] = useState<RunStatus | "">("");
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const res = await fetch(`/api/runs?limit=100${status ? `&status=${status}` : ""}`);
    const body = await res.json();
    if (!res.ok) return setError(body.error?.message ?? "Could not load runs");
    setError(null);
    setRuns(body.runs);
  }, [status]);

  useEffect(() => void load(), [load]);
  useRunSocket({
    onRun: (run) =>
      setRuns((list) => {
        if (!list) return list;
        const rest = list.filter((r) => r.id !== run.id);
        if (status && run.status !== status) return rest;
        return [run, ...rest].sort((a, b) => Date.parse(b.queuedAt) - Date.parse(a.queuedAt));
      }),
    onReconnect: () => void load(),
  });

  return (
    <div>
      <label className="flex items-center gap-2 text-sm">
        Status
        <select
          value={status}
          onChange={(e) => setStatus(e.target.value as RunStatus | "")}
          className="rounded-lg border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
        >
          <option value="">All</option>
          {RUN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.replace("_", " ")}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {error}
        </p>
      )}
      {!runs && !error && (
        <p role="status" className="mt-4 text-sm text-zinc-500">
          Loading runs…
        </p>
      )}
      {runs && runs.length === 0 && <p className="mt-4 text-sm text-zinc-500">No runs yet. Write in a space with an agent member.</p>}
      {runs && runs.length > 0 && (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[28rem] text-left text-sm">
            <thead className="text-xs text-zinc-500 uppercase">
              <tr>
                <th className="py-2 font-medium">Agent</th>
                <th className="py-2 font-medium">Status</th>
                <th className="py-2 font-medium">Trigger</th>
                <th className="py-2 font-medium">Depth</th>
                <th className="hidden py-2 font-medium sm:table-cell">Queued</th>
                <th className="py-2 font-medium">Took</th>
                <th className="hidden py-2 font-medium md:table-cell">Tokens</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.id} className="border-t border-zinc-200 dark:border-zinc-800">
                  <td className="py-2">
                    <Link href={`/runs/${r.id}`} className="font-medium text-accent-600 hover:underline dark:text-indigo-300">
                      {r.agent.name}
                    </Link>
                  </td>
                  <td className="py-2">
                    <StatusBadge status={r.status} />
                  </td>
                  <td className="py-2 whitespace-nowrap">
                    {r.triggerType === "service" ? `service ${r.serviceName}` : r.triggerType === "space_message" ? "message" : "plan"}
                  </td>
                  <td className="py-2">{r.chainDepth}</td>
                  <td className="hidden py-2 tabular-nums sm:table-cell">{clock(r.queuedAt)}</td>
                  <td className="py-2 tabular-nums">{duration(r.startedAt, r.endedAt)}</td>
                  <td className="hidden py-2 whitespace-nowrap tabular-nums md:table-cell">
                    {tokenUsage(r.inputTokens, r.cachedInputTokens || null, r.outputTokens)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
