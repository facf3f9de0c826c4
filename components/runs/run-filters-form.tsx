"use client";
// The run list's filters. Each change applies at once (no submit button to find), and the
// page keeps them in its address, so a filtered list can be bookmarked or shared.
import type { RunFilterOptions } from "@/lib/runs/run-dtos";
import { TIME_RANGE_LABELS, TRIGGER_TYPES, type RunFilters, type TimeRange, type TriggerTypeName } from "@/lib/runs/run-filters";
import { RUN_STATUSES, type RunStatus } from "@/lib/runs/run-status";

const SELECT = "mt-1 block w-full rounded-lg border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900";
export const TRIGGER_LABELS: Record<TriggerTypeName, string> = { space_message: "message", plan: "plan", service: "service" };

export function RunFiltersForm({ filters, options, onChange }: { filters: RunFilters; options: RunFilterOptions; onChange(next: RunFilters): void }) {
  const set = <K extends keyof RunFilters>(key: K, value: string) => onChange({ ...filters, [key]: value || undefined });
  const any = Object.values(filters).some(Boolean);
  return (
    <form aria-label="Filter runs" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" onSubmit={(e) => e.preventDefault()}>
      <label className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Agent
        <select className={SELECT} value={filters.agentId ?? ""} onChange={(e) => set("agentId", e.target.value)}>
          <option value="">All agents</option>
          {options.agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Space
        <select className={SELECT} value={filters.spaceId ?? ""} onChange={(e) => set("spaceId", e.target.value)}>
          <option value="">All spaces</option>
          {options.spaces.map((s) => (
            <option key={s.id} value={s.id}>
              {s.kind === "channel" ? `#${s.name}` : s.name}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Status
        <select className={SELECT} value={filters.status ?? ""} onChange={(e) => set("status", e.target.value as RunStatus)}>
          <option value="">Any status</option>
          {RUN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.replace("_", " ")}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Trigger
        <select className={SELECT} value={filters.triggerType ?? ""} onChange={(e) => set("triggerType", e.target.value as TriggerTypeName)}>
          <option value="">Any trigger</option>
          {TRIGGER_TYPES.map((t) => (
            <option key={t} value={t}>
              {TRIGGER_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Queued
        <select className={SELECT} value={filters.range ?? ""} onChange={(e) => set("range", e.target.value as TimeRange)}>
          <option value="">Any time</option>
          {(Object.keys(TIME_RANGE_LABELS) as TimeRange[]).map((r) => (
            <option key={r} value={r}>
              {TIME_RANGE_LABELS[r]}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-end">
        <button
          type="button"
          disabled={!any}
          onClick={() => onChange({})}
          className="rounded-lg px-3 py-1.5 text-sm font-medium text-accent-600 hover:bg-zinc-100 disabled:opacity-40 dark:text-indigo-300 dark:hover:bg-white/5"
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}
