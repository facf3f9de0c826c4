"use client";
// Create or edit a plan: name, instruction and one schedule (run after / at a time / cron).
// Times are UTC, as the server evaluates them; the server's messages show under each field.
import { useState } from "react";
import type { PlanAdminDto, PlanKind } from "@/lib/agents/knowledge-dto";
import type { ApiFailure } from "./api";
import { Button, Field, FormError, inputClass } from "./form-bits";

export type PlanDraft = { name: string; instruction: string; kind: PlanKind; value: string };

export const EMPTY_PLAN: PlanDraft = { name: "", instruction: "", kind: "runAfter", value: "" };

export const planDraftOf = (p: PlanAdminDto): PlanDraft => ({
  name: p.name,
  instruction: p.instruction,
  kind: p.kind,
  value: p.kind === "cron" ? (p.cron ?? "") : p.kind === "runAfter" ? (p.runAfter ?? "") : (p.scheduledAt?.slice(0, 16) ?? ""),
});

/** The body the routes take: exactly one schedule field; a datetime-local value is read as UTC. */
export function planBody(d: PlanDraft, withSchedule = true) {
  const schedule = d.kind === "scheduledAt" ? { scheduledAt: d.value ? `${d.value}:00Z` : "" } : d.kind === "cron" ? { cron: d.value } : { runAfter: d.value };
  return { name: d.name, instruction: d.instruction, ...(withSchedule && schedule) };
}

const KINDS: { kind: PlanKind; label: string; hint: string }[] = [
  { kind: "runAfter", label: "Run after", hint: 'e.g. "30 minutes", "2 hours", "1 day"' },
  { kind: "scheduledAt", label: "At a time (UTC)", hint: "" },
  { kind: "cron", label: "Cron (UTC)", hint: 'e.g. "0 9 * * 1-5"; at most once a minute' },
];

export function PlanForm(props: {
  initial: PlanDraft;
  submitLabel: string;
  resetOnSuccess?: boolean;
  onCancel?(): void;
  onSubmit(d: PlanDraft): Promise<ApiFailure | null>;
}) {
  const [d, setD] = useState(props.initial);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const f = failure?.fields ?? {};
  const kind = KINDS.find((k) => k.kind === d.kind)!;
  return (
    <form
      className="mt-3 grid gap-3 sm:grid-cols-3"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        const err = await props.onSubmit(d);
        setBusy(false);
        setFailure(err);
        if (!err && props.resetOnSuccess) setD(props.initial);
      }}
    >
      <Field label="Name" error={f.name}>
        <input className={inputClass} value={d.name} onChange={(e) => setD({ ...d, name: e.target.value })} />
      </Field>
      <Field label="Schedule" error={f.schedule}>
        <select className={inputClass} value={d.kind} onChange={(e) => setD({ ...d, kind: e.target.value as PlanKind, value: "" })}>
          {KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label={kind.label} error={f[d.kind]}>
        {d.kind === "scheduledAt" ? (
          <input type="datetime-local" className={inputClass} value={d.value} onChange={(e) => setD({ ...d, value: e.target.value })} />
        ) : (
          <input className={`${inputClass} font-mono`} placeholder={kind.hint} value={d.value} onChange={(e) => setD({ ...d, value: e.target.value })} />
        )}
      </Field>
      <Field label="Instruction (what the run should do)" error={f.instruction} className="sm:col-span-3">
        <textarea className={`${inputClass} min-h-16`} value={d.instruction} onChange={(e) => setD({ ...d, instruction: e.target.value })} />
      </Field>
      <div className="flex flex-wrap items-center gap-2 sm:col-span-3">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : props.submitLabel}
        </Button>
        {props.onCancel && (
          <Button variant="secondary" onClick={props.onCancel}>
            Cancel
          </Button>
        )}
      </div>
      <div className="sm:col-span-3">
        <FormError message={failure && !Object.keys(failure.fields).length ? failure.message : null} />
      </div>
    </form>
  );
}
