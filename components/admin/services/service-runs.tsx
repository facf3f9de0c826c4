"use client";
// The agent's service runs, live: the test run just sent (its status as it changes) and the
// newest service runs, updated from run:updated (admins' sockets get every run's updates).
import Link from "next/link";
import { useCallback, useState } from "react";
import type { RunDto } from "@/lib/realtime/dto";
import { SERVICE_RUNS_SHOWN } from "@/lib/limits";
import { StatusBadge, duration } from "@/components/runs/run-status";
import { useRunSocket } from "@/components/runs/use-run-socket";
import { TestTriggerForm } from "./test-trigger-form";
import { when } from "./format";

const link = "font-medium text-accent-600 hover:underline dark:text-indigo-300";

/** `entityId`: the agent's entity, which runs name it by (RunDto.agent.id). */
export function ServiceRuns({ agentId, entityId, initial }: { agentId: string; entityId: string; initial: RunDto[] }) {
  const [runs, setRuns] = useState(initial);
  const [testRunId, setTestRunId] = useState<string | null>(null);
  const merge = useCallback((run: RunDto) => {
    if (run.triggerType !== "service") return;
    setRuns((list) =>
      [run, ...list.filter((r) => r.id !== run.id)].sort((a, b) => Date.parse(b.queuedAt) - Date.parse(a.queuedAt)).slice(0, SERVICE_RUNS_SHOWN),
    );
  }, []);
  const reload = useCallback(async () => {
    const res = await fetch(`/api/runs?agentId=${encodeURIComponent(agentId)}&limit=100`);
    if (!res.ok) return;
    const body: { runs: RunDto[] } = await res.json();
    setRuns(body.runs.filter((r) => r.triggerType === "service").slice(0, SERVICE_RUNS_SHOWN));
  }, [agentId]);
  useRunSocket({ onRun: (run) => run.agent.id === entityId && merge(run), onLive: () => void reload() });
  const testRun = testRunId ? runs.find((r) => r.id === testRunId) : undefined;

  return (
    <>
      <TestTriggerForm agentId={agentId} onStarted={setTestRunId} />
      {testRunId && (
        <section aria-labelledby="test-run" className="rounded-2xl border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800">
          <h2 id="test-run" className="font-semibold">
            Test run
          </h2>
          <div role="status" aria-live="polite" className="mt-2 flex flex-wrap items-center gap-3 text-sm">
            {testRun ? <StatusBadge status={testRun.status} /> : <span>queued…</span>}
            {testRun?.endedAt && <span>took {duration(testRun.startedAt, testRun.endedAt)}</span>}
            {testRun?.error && <span className="text-red-600 dark:text-red-400">{testRun.error}</span>}
          </div>
          <Link href={`/runs/${testRunId}`} className={`${link} mt-2 inline-block text-sm`}>
            Open the run
          </Link>
        </section>
      )}
      <section aria-labelledby="service-runs" className="rounded-2xl border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800">
        <h2 id="service-runs" className="font-semibold">
          Recent service runs
        </h2>
        {runs.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No service runs yet.</p>
        ) : (
          <div className="relative mt-3 overflow-x-auto">
            <table className="w-full min-w-[28rem] text-left text-sm">
              <thead className="text-xs text-zinc-500 uppercase dark:text-zinc-400">
                <tr>
                  <th className="py-2 font-medium">Service</th>
                  <th className="py-2 font-medium">Status</th>
                  <th className="py-2 font-medium">Queued</th>
                  <th className="py-2 font-medium">Took</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">Link</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {runs.map((r) => (
                  <tr key={r.id} className="border-t border-zinc-200 dark:border-zinc-800">
                    <td className="py-2 break-all">{r.serviceName}</td>
                    <td className="py-2">
                      <StatusBadge status={r.status} />
                    </td>
                    <td className="py-2 whitespace-nowrap tabular-nums">{when(r.queuedAt)}</td>
                    <td className="py-2 tabular-nums">{duration(r.startedAt, r.endedAt)}</td>
                    <td className="py-2">
                      <Link href={`/runs/${r.id}`} className={link} aria-label={`Open run ${r.serviceName} of ${when(r.queuedAt)}`}>
                        Open
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
