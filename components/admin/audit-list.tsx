"use client";
// Changes, newest first: who did what to what, when, and each changed field as
// before → after. The first page comes from the server; "Load more" asks GET /api/audit for
// the next, by keyset, so changes made meanwhile neither repeat nor skip an entry. A change an
// agent's run made names the agent, links the run and says whom it acted for.
import Link from "next/link";
import { useState } from "react";
import type { AuditEntryDto } from "@/lib/audit/audit-actions";
import { AUDIT_LABELS, auditDiff } from "@/lib/audit/audit-labels";
import { refusalOf } from "./field-error";

interface Props {
  entries: AuditEntryDto[];
  nextBefore: string | null;
  /** One agent's history; all changes when absent. */
  agentId?: string;
  /** Agent names by id, to say which agent an entry is about on the full list. */
  agentNames?: Record<string, string>;
}

export function AuditList({ entries: first, nextBefore: firstNext, agentId, agentNames = {} }: Props) {
  const [entries, setEntries] = useState(first);
  const [next, setNext] = useState(firstNext);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function more() {
    if (!next) return;
    setBusy(true);
    setError(null);
    const q = new URLSearchParams({ before: next, ...(agentId && { agentId }) });
    const res = await fetch(`/api/audit?${q}`).catch(() => null);
    if (res?.ok) {
      const page: { entries: AuditEntryDto[]; nextBefore: string | null } = await res.json();
      setEntries((e) => [...e, ...page.entries]);
      setNext(page.nextBefore);
    } else setError(res ? (await refusalOf(res)).message : "Could not reach the server.");
    setBusy(false);
  }

  if (!entries.length) return <p className="text-sm text-zinc-500">No changes recorded yet.</p>;
  return (
    <div>
      <ol className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800" aria-label="Changes, newest first">
        {entries.map((e) => {
          const diff = auditDiff(e);
          const agent = !agentId && e.agentId ? agentNames[e.agentId] : undefined;
          return (
            <li key={e.id} className="px-4 py-3 text-sm">
              <p>
                <span className="font-medium">{e.actor.name}</span>
                {/* A change the agent made itself: say which run and for whom, so an admin sees who steered it. */}
                {e.run && (
                  <>
                    {" "}
                    <span className="text-zinc-500">
                      (
                      <Link href={`/admin/runs/${e.run.id}`} className="text-accent-600 hover:underline dark:text-indigo-300">
                        its run
                      </Link>{" "}
                      for {e.run.forName ?? "a service or plan"})
                    </span>
                  </>
                )}{" "}
                {AUDIT_LABELS[e.action] ?? e.action} <span className="break-words">{e.subject}</span>
                {/* Say which agent, unless the subject already does ("agent \"Scout\""). */}
                {agent && !e.subject.includes(JSON.stringify(agent)) && <span className="text-zinc-500"> · agent {agent}</span>}
              </p>
              <p className="text-xs text-zinc-500">
                <time dateTime={e.createdAt}>{new Date(e.createdAt).toUTCString()}</time>
              </p>
              {diff.length > 0 && (
                <table className="mt-2 w-full table-fixed text-xs">
                  <caption className="sr-only">Changed fields, before and after</caption>
                  <thead className="text-left text-zinc-500">
                    <tr>
                      <th scope="col" className="w-1/4 py-0.5 pr-2 font-medium">
                        field
                      </th>
                      <th scope="col" className="py-0.5 pr-2 font-medium">
                        before
                      </th>
                      <th scope="col" className="py-0.5 font-medium">
                        after
                      </th>
                    </tr>
                  </thead>
                  <tbody className="font-mono">
                    {diff.map((d) => (
                      <tr key={d.field} className="align-top">
                        <th scope="row" className="py-0.5 pr-2 font-normal break-words">
                          {d.field}
                        </th>
                        <td className="py-0.5 pr-2 break-words text-red-700 dark:text-red-300">
                          <del className="no-underline">{d.before}</del>
                        </td>
                        <td className="py-0.5 break-words text-emerald-700 dark:text-emerald-300">
                          <ins className="no-underline">{d.after}</ins>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </li>
          );
        })}
      </ol>
      <div className="mt-4 flex items-center gap-3">
        {next && (
          <button
            type="button"
            onClick={more}
            disabled={busy}
            aria-busy={busy}
            className="rounded-lg border border-zinc-300 px-4 py-2 text-sm font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-white/10"
          >
            {busy ? "Loading…" : "Load more"}
          </button>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
