// The chain tree as nested lists: a message, what each agent decided about it (with the
// reason), the run that followed and the messages it posted, and so on down. Pure: the panel
// (chain-panel.tsx) fetches and refreshes the data.
import clsx from "clsx";
import type { ChainDecisionNode, ChainMessageNode, ChainRunNode } from "@/lib/chains/chain-dtos";
import { StatusBadge } from "../runs/run-status";
import { PlainMentions } from "./mention-names";

const DECISION_STYLE: Record<ChainDecisionNode["decision"], string> = {
  triggered: "text-emerald-700 dark:text-emerald-400",
  folded: "text-sky-700 dark:text-sky-400",
  resumed: "text-violet-700 dark:text-violet-400",
  refused: "text-amber-700 dark:text-amber-400",
};

const ms = (n: number | null) => (n == null ? "" : n < 1000 ? `${n} ms` : `${(n / 1000).toFixed(1)} s`);

export function ChainMessage({ node, parentSpaceId }: { node: ChainMessageNode; parentSpaceId: string | null }) {
  const elsewhere = parentSpaceId !== null && node.space.id !== parentSpaceId;
  return (
    <li aria-label={`${node.sender.name}: ${node.text.slice(0, 60)}`} className="mt-1">
      <div
        className={clsx(
          "rounded-md border px-2 py-1 text-sm",
          node.focus ? "border-indigo-400 bg-indigo-50 dark:border-indigo-500 dark:bg-indigo-950/40" : "border-zinc-200 dark:border-zinc-800",
        )}
      >
        <p className="text-xs text-zinc-500">
          <span className="font-semibold text-zinc-800 dark:text-zinc-200">{node.sender.name}</span>
          {elsewhere ? ` → posted in #${node.space.name}` : ""} · depth {node.chainDepth}
        </p>
        <p className="break-words">{node.deleted ? <em className="text-zinc-500">deleted</em> : <PlainMentions text={node.text} />}</p>
      </div>
      {node.decisions.length > 0 && (
        <ul className="ml-2 border-l border-zinc-200 pl-2 dark:border-zinc-800">
          {node.decisions.map((d) => (
            <ChainDecision key={d.id} node={d} spaceId={node.space.id} />
          ))}
        </ul>
      )}
    </li>
  );
}

function ChainDecision({ node, spaceId }: { node: ChainDecisionNode; spaceId: string }) {
  return (
    <li className="mt-1 text-sm">
      <p>
        <span className="font-medium">{node.agent.name}</span> <span className={clsx("font-semibold", DECISION_STYLE[node.decision])}>{node.decision}</span>
        {node.decision !== "triggered" && <span className="text-zinc-600 dark:text-zinc-400"> — {node.reason}</span>}
        {node.joinedRun && <span className="text-zinc-500"> (into run {node.joinedRun})</span>}
      </p>
      {node.run && <ChainRun run={node.run} spaceId={spaceId} />}
    </li>
  );
}

function ChainRun({ run, spaceId }: { run: ChainRunNode; spaceId: string }) {
  return (
    <div className="ml-1 border-l border-dashed border-zinc-300 pl-2 dark:border-zinc-700">
      <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
        <span>run {run.key}</span>
        <StatusBadge status={run.status} />
        <span>depth {run.chainDepth}</span>
        {run.durationMs != null && <span>{ms(run.durationMs)}</span>}
        {run.id && (
          <a
            href={`/admin/runs/${run.id}`}
            className="font-medium text-indigo-700 underline dark:text-indigo-400"
            aria-label={`Inspect ${run.agentName}'s run ${run.key}`}
          >
            Inspect
          </a>
        )}
      </p>
      {run.error && <p className="text-xs text-red-700 dark:text-red-400">{run.error}</p>}
      {run.messages.length > 0 && (
        <ul>
          {run.messages.map((m) => (
            <ChainMessage key={m.id} node={m} parentSpaceId={spaceId} />
          ))}
        </ul>
      )}
      {run.hiddenMessages > 0 && (
        <p className="text-xs text-zinc-500">
          +{run.hiddenMessages} message{run.hiddenMessages === 1 ? "" : "s"} in spaces you cannot see
        </p>
      )}
    </div>
  );
}
