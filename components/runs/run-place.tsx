// A run's place in its chain on its page: the message that triggered it (and the run that
// posted it), the runs its own messages triggered, its retry links, and "View chain".
import Link from "next/link";
import type { RunPlaceDto, RunRefDto } from "@/lib/runs/run-dtos";
import { StatusBadge } from "./run-status";

const LINK = "text-accent-600 hover:underline dark:text-indigo-300";

function RunRef({ run, label }: { run: RunRefDto; label?: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Link href={`/admin/runs/${run.id}`} className={LINK}>
        {label ?? `Run of ${run.agentName}`}
      </Link>
      <StatusBadge status={run.status} />
    </span>
  );
}

export function RunPlace({ place }: { place: RunPlaceDto }) {
  return (
    <section aria-labelledby="place-h" className="rounded-2xl border border-zinc-200 p-4 text-sm dark:border-zinc-800">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="place-h" className="font-semibold">
          Place in the chain
        </h2>
        {place.chainMessageId && (
          <Link href={`/admin/chains/${place.chainMessageId}`} className={`ml-auto font-medium ${LINK}`}>
            View chain
          </Link>
        )}
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-medium text-zinc-500 uppercase">Triggered by</dt>
          <dd className="mt-0.5">
            {!place.parent ? (
              "a plan or service, not a message"
            ) : place.parent.run ? (
              <>
                a message of {place.parent.senderName}, posted by <RunRef run={place.parent.run} />
              </>
            ) : (
              `a message of ${place.parent.senderName} (a person)`
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-zinc-500 uppercase">Runs its messages triggered</dt>
          <dd className="mt-0.5">
            {place.children.length === 0 ? (
              "none"
            ) : (
              <ul aria-label="Runs its messages triggered" className="space-y-1">
                {place.children.map((c) => (
                  <li key={c.id}>
                    <RunRef run={c} />
                  </li>
                ))}
                {place.moreChildren > 0 && <li className="text-zinc-500">and {place.moreChildren} more (see the chain)</li>}
              </ul>
            )}
          </dd>
        </div>
        {place.retryOf && (
          <div>
            <dt className="text-xs font-medium text-zinc-500 uppercase">Retry of</dt>
            <dd className="mt-0.5">
              <RunRef run={place.retryOf} label="the failed run" />
            </dd>
          </div>
        )}
        {place.retriedBy && (
          <div>
            <dt className="text-xs font-medium text-zinc-500 uppercase">Retried as</dt>
            <dd className="mt-0.5">
              <RunRef run={place.retriedBy} label="the retry" />
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
