"use client";
// An agent's goals: the list with edit and delete, and a form to add one. Saves through
// /api/agents/:id/goals; the server's field messages show under each field.
import { useState } from "react";
import { GOAL_STATUSES, type GoalAdminDto } from "@/lib/agents/knowledge-dto";
import { type ApiFailure, callApi } from "./api";
import { Button, EditDeleteActions, Field, FormError, OriginNote, Section, inputClass } from "./form-bits";

type Draft = { description: string; priority: string; status: GoalAdminDto["status"]; longTerm: boolean };
const EMPTY: Draft = { description: "", priority: "0", status: "active", longTerm: false };
const draftOf = (g: GoalAdminDto): Draft => ({ description: g.description, priority: String(g.priority), status: g.status, longTerm: g.longTerm });
// Sent as typed: a priority that is not a number gets the server's message, not a silent 0.
const bodyOf = (d: Draft) => ({
  description: d.description,
  priority: d.priority.trim() === "" ? 0 : Number(d.priority),
  status: d.status,
  longTerm: d.longTerm,
});

export function GoalsSection({ agentId, initial }: { agentId: string; initial: GoalAdminDto[] }) {
  const [goals, setGoals] = useState(initial);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const url = `/api/agents/${agentId}/goals`;

  return (
    <Section
      title="Goals"
      description="Objectives the agent works towards; active ones are in every run's context, most important (lowest priority number) first."
    >
      <FormError message={error} />
      {goals.length === 0 ? (
        <p className="text-sm text-zinc-500">No goals yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {goals.map((g) => (
            <li key={g.id} className="py-3">
              {editing === g.id ? (
                <GoalForm
                  initial={draftOf(g)}
                  submitLabel="Save goal"
                  onCancel={() => setEditing(null)}
                  onSubmit={async (d) => {
                    const res = await callApi<{ goal: GoalAdminDto }>("PATCH", `${url}/${g.id}`, bodyOf(d));
                    if (!res.ok) return res.error;
                    setGoals((all) => all.map((x) => (x.id === g.id ? res.data.goal : x)));
                    setEditing(null);
                    return null;
                  }}
                />
              ) : (
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <p className="break-words">{g.description}</p>
                    <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-zinc-600 dark:text-zinc-400">
                      <span>{g.status}</span>
                      <span>priority {g.priority}</span>
                      {g.longTerm && <span>long-term</span>}
                      <OriginNote {...g} />
                    </p>
                  </div>
                  <EditDeleteActions
                    what={`goal ${JSON.stringify(g.description)}`}
                    deleteUrl={`${url}/${g.id}`}
                    onEdit={() => setEditing(g.id)}
                    onDeleted={() => setGoals((all) => all.filter((x) => x.id !== g.id))}
                    onError={setError}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <details className="rounded-xl bg-zinc-50 p-3 dark:bg-white/5">
        <summary className="cursor-pointer text-sm font-medium">Add a goal</summary>
        <GoalForm
          initial={EMPTY}
          submitLabel="Add goal"
          resetOnSuccess
          onSubmit={async (d) => {
            const res = await callApi<{ goal: GoalAdminDto }>("POST", url, bodyOf(d));
            if (!res.ok) return res.error;
            setGoals((all) => [...all, res.data.goal]);
            return null;
          }}
        />
      </details>
    </Section>
  );
}

function GoalForm(props: { initial: Draft; submitLabel: string; resetOnSuccess?: boolean; onCancel?(): void; onSubmit(d: Draft): Promise<ApiFailure | null> }) {
  const [d, setD] = useState(props.initial);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const f = failure?.fields ?? {};
  return (
    <form
      className="mt-3 grid gap-3 sm:grid-cols-4"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        const err = await props.onSubmit(d);
        setBusy(false);
        setFailure(err);
        if (!err && props.resetOnSuccess) setD(props.initial);
      }}
    >
      <Field label="Description" error={f.description} className="sm:col-span-4">
        <textarea className={`${inputClass} min-h-16`} value={d.description} onChange={(e) => setD({ ...d, description: e.target.value })} />
      </Field>
      <Field label="Priority (lower is more important)" error={f.priority}>
        <input type="number" inputMode="numeric" className={inputClass} value={d.priority} onChange={(e) => setD({ ...d, priority: e.target.value })} />
      </Field>
      <Field label="Status" error={f.status}>
        <select className={inputClass} value={d.status} onChange={(e) => setD({ ...d, status: e.target.value as Draft["status"] })}>
          {GOAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </Field>
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium sm:col-span-2">
        <input type="checkbox" className="h-4 w-4 accent-accent-600" checked={d.longTerm} onChange={(e) => setD({ ...d, longTerm: e.target.checked })} />
        Long-term
      </label>
      <div className="flex flex-wrap items-center gap-2 sm:col-span-4">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : props.submitLabel}
        </Button>
        {props.onCancel && (
          <Button variant="secondary" onClick={props.onCancel}>
            Cancel
          </Button>
        )}
      </div>
      <div className="sm:col-span-4">
        <FormError message={failure && !Object.keys(failure.fields).length ? failure.message : null} />
      </div>
    </form>
  );
}
