// The agents list: one row per agent with what an admin checks first (is it on, can the server
// reach its provider, where is it, what did it spend today). Rendered on the server.
import Link from "next/link";
import clsx from "clsx";
import type { AgentAdminDto } from "@/lib/agents/agent-dto";
import { StatusBadge } from "@/components/runs/run-status";

const count = (n: number) => n.toLocaleString("en-US");

export function AgentTable({ agents }: { agents: AgentAdminDto[] }) {
  if (!agents.length) return <p className="text-sm text-zinc-500">No agents yet.</p>;
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Agents, with today's runs and tokens (UTC)</caption>
        <thead className="bg-zinc-50 text-xs text-zinc-500 uppercase dark:bg-white/5">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Agent
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              Model
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium lg:table-cell">
              Spaces
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Runs today
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
              Tokens today
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Last run
            </th>
          </tr>
        </thead>
        <tbody>
          {agents.map((a) => (
            <tr key={a.id} className="border-t border-zinc-200 align-top dark:border-zinc-800">
              <th scope="row" className="px-3 py-2.5 font-normal">
                <Link href={`/admin/agents/${a.id}`} className="font-medium text-accent-600 hover:underline dark:text-indigo-300">
                  {a.name}
                </Link>
                <span
                  className={clsx(
                    "ml-2 rounded-full px-1.5 py-0.5 text-xs font-semibold",
                    a.enabled && !a.archivedAt
                      ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
                      : "bg-zinc-200 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400",
                  )}
                >
                  {a.archivedAt ? "archived" : a.enabled ? "enabled" : "disabled"}
                </span>
                {/* On phones the model column is hidden; its gist stays under the name. */}
                <p className="mt-0.5 text-xs text-zinc-500 sm:hidden">
                  {a.provider} · {a.modelId}
                  {!a.providerConfigured && <span className="text-amber-700 dark:text-amber-400"> · not configured</span>}
                </p>
              </th>
              <td className="hidden px-3 py-2.5 sm:table-cell">
                <p className="break-all">{a.modelId}</p>
                <p className="text-xs text-zinc-500">
                  {a.provider}
                  {a.provider === "offline" ? (
                    " · built in, no key"
                  ) : a.providerConfigured ? (
                    " · key configured"
                  ) : (
                    <span className="font-medium text-amber-700 dark:text-amber-400"> · not configured (not woken until fixed)</span>
                  )}
                </p>
              </td>
              <td className="hidden px-3 py-2.5 text-zinc-600 lg:table-cell dark:text-zinc-400">
                {a.spaces.length ? a.spaces.map((s) => (s.kind === "channel" ? `#${s.name}` : `DM ${s.name}`)).join(", ") : "none"}
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums">{count(a.today.runs)}</td>
              <td className="hidden px-3 py-2.5 whitespace-nowrap tabular-nums md:table-cell">
                {count(a.today.inputTokens)} in · {count(a.today.outputTokens)} out
                {a.today.cachedInputTokens > 0 && <p className="text-xs text-zinc-500">{count(a.today.cachedInputTokens)} cached</p>}
              </td>
              <td className="px-3 py-2.5">
                {a.lastRun ? (
                  <Link href={`/admin/runs/${a.lastRun.id}`} aria-label={`Last run of ${a.name}: ${a.lastRun.status.replace("_", " ")}`}>
                    <StatusBadge status={a.lastRun.status} />
                  </Link>
                ) : (
                  <span className="text-zinc-500">none</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
