// The run list's rows. On a phone the table scrolls sideways inside its own focusable region
// (so a keyboard can scroll it too), keeping the trigger and agent columns first.
import Link from "next/link";
import type { RunListItemDto } from "@/lib/runs/run-dtos";
import { tokenUsage } from "@/lib/runs/token-usage";
import { TRIGGER_LABELS } from "./run-filters-form";
import { StatusBadge, duration, when } from "./run-status";

const TH = "px-2 py-2 font-medium";
const TD = "px-2 py-2 align-top";

export function RunTable({ runs }: { runs: RunListItemDto[] }) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: focus is how a keyboard scrolls this region
      tabIndex={0}
      aria-label="Runs"
      className="relative overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800"
    >
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="bg-zinc-50 text-xs text-zinc-500 uppercase dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            <th className={TH}>Trigger</th>
            <th className={TH}>Agent</th>
            <th className={TH}>Status</th>
            <th className={TH}>Depth</th>
            <th className={TH}>Tokens</th>
            <th className={TH}>Duration</th>
            <th className={TH}>Queued</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.id} className="border-t border-zinc-200 dark:border-zinc-800">
              <td className={`${TD} max-w-[9rem] sm:max-w-[18rem]`}>
                <span className="block truncate" title={r.triggerExcerpt ?? undefined}>
                  {r.triggerExcerpt ? (r.triggerType === "space_message" ? `“${r.triggerExcerpt}”` : r.triggerExcerpt) : TRIGGER_LABELS[r.triggerType]}
                </span>
                <span className="text-xs text-zinc-500 dark:text-zinc-400">
                  {r.triggerSpaceName ? (r.triggerSpaceKind === "channel" ? `#${r.triggerSpaceName}` : r.triggerSpaceName) : "no space"}
                  {r.retryOfId ? " · retry" : ""}
                </span>
              </td>
              <td className={TD}>
                <Link href={`/admin/runs/${r.id}`} className="font-medium text-accent-600 hover:underline dark:text-indigo-300">
                  {r.agent.name}
                </Link>
              </td>
              <td className={TD}>
                <StatusBadge status={r.status} />
              </td>
              <td className={`${TD} tabular-nums`}>{r.chainDepth}</td>
              <td className={`${TD} whitespace-nowrap tabular-nums`}>
                {/* A run's cached count is 0 both when nothing was cached and when the provider never said: the share is shown only when some was. */}
                {tokenUsage(r.inputTokens, r.cachedInputTokens || null, r.outputTokens)}
              </td>
              <td className={`${TD} whitespace-nowrap tabular-nums`}>{duration(r.startedAt, r.endedAt)}</td>
              <td className={`${TD} whitespace-nowrap tabular-nums`}>
                <time dateTime={r.queuedAt}>{when(r.queuedAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
