"use client";
// An agent's plans: schedule (cron in words), next and last run, status, Pause / Resume /
// Start now, the runs each produced (links to the run inspector), edit and delete.
import Link from "next/link";
import clsx from "clsx";
import { useState } from "react";
import type { PlanAdminDto } from "@/lib/agents/knowledge-dto";
import type { RunStatus } from "@/lib/runs/run-status";
import { StatusBadge } from "@/components/runs/run-status";
import { callApi, utc } from "./api";
import { Button, DeleteButton, FormError, OriginNote, Section } from "./form-bits";
import { EMPTY_PLAN, PlanForm, planBody, planDraftOf } from "./plan-form";

export function PlansSection({ agentId, initial }: { agentId: string; initial: PlanAdminDto[] }) {
  const [plans, setPlans] = useState(initial);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ planId: string; runId: string; started: boolean } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const url = `/api/agents/${agentId}/plans`;
  const replace = (p: PlanAdminDto) => setPlans((all) => all.map((x) => (x.id === p.id ? p : x)));

  async function refresh() {
    const res = await callApi<{ plans: PlanAdminDto[] }>("GET", url);
    if (res.ok) setPlans(res.data.plans);
  }

  async function act(p: PlanAdminDto, action: "pause" | "resume" | "run") {
    setBusy(`${p.id}:${action}`);
    const res = await callApi<{ plan: PlanAdminDto } & { runId: string; started: boolean }>("POST", `${url}/${p.id}/${action}`);
    if (!res.ok) {
      setBusy(null);
      return setError(res.error.message);
    }
    setError(null);
    if (action === "run") {
      // The plan's run list and last run first, so the notice never points at a run not yet listed.
      await refresh();
      setNotice({ planId: p.id, runId: res.data.runId, started: res.data.started });
    } else replace(res.data.plan);
    setBusy(null);
  }

  return (
    <Section title="Plans" description="Scheduled work: each plan starts a run with its instruction. Times are UTC.">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={refresh}>
          Refresh plans
        </Button>
      </div>
      <FormError message={error} />
      {plans.length === 0 ? (
        <p className="text-sm text-zinc-500">No plans yet.</p>
      ) : (
        <ul className="space-y-3">
          {plans.map((p) => (
            <li key={p.id} className="rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
              {editing === p.id ? (
                <PlanForm
                  initial={planDraftOf(p)}
                  submitLabel="Save plan"
                  onCancel={() => setEditing(null)}
                  onSubmit={async (d) => {
                    const was = planDraftOf(p);
                    // An unchanged schedule is not sent, so saving a new instruction keeps the next run time.
                    const res = await callApi<{ plan: PlanAdminDto }>("PATCH", `${url}/${p.id}`, planBody(d, d.kind !== was.kind || d.value !== was.value));
                    if (!res.ok) return res.error;
                    replace(res.data.plan);
                    setEditing(null);
                    return null;
                  }}
                />
              ) : (
                <PlanRow plan={p} busy={busy} notice={notice?.planId === p.id ? notice : null} onAct={(a) => act(p, a)} onEdit={() => setEditing(p.id)}>
                  <DeleteButton
                    what={`plan ${JSON.stringify(p.name)}`}
                    onConfirm={async () => {
                      const res = await callApi("DELETE", `${url}/${p.id}`);
                      if (!res.ok) return setError(res.error.message);
                      setError(null);
                      setPlans((all) => all.filter((x) => x.id !== p.id));
                    }}
                  />
                </PlanRow>
              )}
            </li>
          ))}
        </ul>
      )}
      <details className="rounded-xl bg-zinc-50 p-3 dark:bg-white/5">
        <summary className="cursor-pointer text-sm font-medium">Add a plan</summary>
        <PlanForm
          initial={EMPTY_PLAN}
          submitLabel="Add plan"
          resetOnSuccess
          onSubmit={async (d) => {
            const res = await callApi<{ plan: PlanAdminDto }>("POST", url, planBody(d));
            if (!res.ok) return res.error;
            setPlans((all) => [...all, res.data.plan]);
            return null;
          }}
        />
      </details>
    </Section>
  );
}

const STATUS_STYLE: Record<PlanAdminDto["status"], string> = {
  active: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  paused: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  completed: "bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
  canceled: "bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
};

function scheduleText(p: PlanAdminDto): string {
  if (p.kind === "cron") return p.cronText ?? `cron ${p.cron}`;
  if (p.kind === "runAfter") return `once, ${p.runAfter} after it was set`;
  return `once, at ${utc(p.scheduledAt)}`;
}

function PlanRow(props: {
  plan: PlanAdminDto;
  busy: string | null;
  notice: { runId: string; started: boolean } | null;
  onAct(action: "pause" | "resume" | "run"): void;
  onEdit(): void;
  children: React.ReactNode;
}) {
  const { plan: p, busy } = props;
  const name = JSON.stringify(p.name);
  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 font-medium break-words">
            {p.name}
            <span className={clsx("rounded-full px-2 py-0.5 text-xs font-semibold", STATUS_STYLE[p.status])}>{p.status}</span>
          </h3>
          <p className="text-sm break-words whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">{p.instruction}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {p.status === "active" && (
            <Button variant="secondary" aria-label={`Pause plan ${name}`} disabled={busy === `${p.id}:pause`} onClick={() => props.onAct("pause")}>
              {busy === `${p.id}:pause` ? "Pausing…" : "Pause"}
            </Button>
          )}
          {p.status === "paused" && (
            <Button variant="secondary" aria-label={`Resume plan ${name}`} disabled={busy === `${p.id}:resume`} onClick={() => props.onAct("resume")}>
              {busy === `${p.id}:resume` ? "Resuming…" : "Resume"}
            </Button>
          )}
          <Button aria-label={`Start plan ${name} now`} disabled={busy === `${p.id}:run`} onClick={() => props.onAct("run")}>
            {busy === `${p.id}:run` ? "Starting…" : "Start now"}
          </Button>
          <Button variant="secondary" aria-label={`Edit plan ${name}`} onClick={props.onEdit}>
            Edit
          </Button>
          {props.children}
        </div>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-zinc-500">Schedule</dt>
        <dd>
          {scheduleText(p)}
          {p.kind === "cron" && <span className="ml-2 font-mono text-xs text-zinc-500">{p.cron}</span>}
        </dd>
        <dt className="text-zinc-500">Next run</dt>
        <dd>{p.status === "active" ? utc(p.nextRunAt) : p.status === "paused" ? `paused (was ${utc(p.nextRunAt)})` : "—"}</dd>
        <dt className="text-zinc-500">Last run</dt>
        <dd>{utc(p.lastRunAt)}</dd>
        <dt className="text-zinc-500">Made</dt>
        <dd>
          <OriginNote {...p} />
        </dd>
      </dl>
      {props.notice && (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {props.notice.started ? "Started " : "A run of this plan is already going: "}
          <Link href={`/runs/${props.notice.runId}`} className="underline">
            run {props.notice.runId}
          </Link>
        </p>
      )}
      <div>
        <h4 className="text-xs font-semibold text-zinc-500 uppercase">
          Runs ({p.runCount}
          {p.runCount > p.runs.length ? `, newest ${p.runs.length} shown` : ""})
        </h4>
        {p.runs.length === 0 ? (
          <p className="text-sm text-zinc-500">None yet.</p>
        ) : (
          <ul className="mt-1 space-y-1">
            {p.runs.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-2 text-sm">
                <StatusBadge status={r.status as RunStatus} />
                <Link href={`/runs/${r.id}`} className="text-accent-600 hover:underline dark:text-indigo-300">
                  Run of {utc(r.queuedAt)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
