"use client";
// Edits an agent through PATCH /api/agents/:id. The server's zod schema decides what is valid;
// its 400 message is shown as it comes, next to the Save button.
import { useId, useState } from "react";
import type { AgentAdminDto } from "@/lib/agents/agent-dto";
import { TOOL_NAMES } from "@/lib/agents/tool-names";
import { DEFAULT_MODEL_IDS } from "@/lib/agents/default-models";
import { MAX_AGENT_TOPICS } from "@/lib/limits";

interface Props {
  agent: AgentAdminDto;
  /** Providers the server knows, with whether it can call each (never the key). */
  providers: { id: string; configured: boolean }[];
}

const input = "mt-1 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";
const labelText = "text-sm font-medium";

export function AgentForm({ agent, providers }: Props) {
  const [saved, setSaved] = useState(agent);
  const [form, setForm] = useState(() => fields(agent));
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<"idle" | "saving" | "saved">("idle");
  const errorId = useId();
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setStatus("idle");
  };
  const provider = providers.find((p) => p.id === form.provider);
  // A model id belongs to its provider: switching providers resets it to the new one's default,
  // unless the admin typed a model id in this edit (then theirs is kept).
  const [modelTyped, setModelTyped] = useState(false);
  const changeProvider = (next: string) => {
    setForm((f) => ({ ...f, provider: next, modelId: modelTyped ? f.modelId : (DEFAULT_MODEL_IDS[next] ?? "") }));
    setStatus("idle");
  };

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setStatus("saving");
    const before = fields(saved);
    const body: Record<string, unknown> = {
      name: form.name,
      persona: form.persona,
      instructions: form.instructions,
      topics: form.topics
        .split(/[,\n]/)
        .map((t) => t.trim())
        .filter(Boolean),
      provider: form.provider,
      modelId: form.modelId,
      enabled: form.enabled,
      maxConcurrentRuns: numberOrNull(form.maxConcurrentRuns),
      maxToolSteps: numberOrNull(form.maxToolSteps),
      maxRunDurationMs: numberOrNull(form.maxRunDurationMs),
      waitTimeoutMs: numberOrNull(form.waitTimeoutMs),
      // Blank means no budget; anything else goes as typed, so a bad value gets the server's message.
      dailyTokenBudget: form.dailyTokenBudget.trim() === "" ? null : Number(form.dailyTokenBudget),
    };
    // An agent with every tool is stored as "all" (an empty list), which also gives it tools
    // added later; send the list only when the ticks changed, so saving other fields keeps that.
    if (form.tools.join() !== before.tools.join()) body.enabledTools = form.tools;
    const res = await fetch(`/api/agents/${agent.id}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const json = await res.json().catch(() => null);
    if (!res.ok) {
      setError(json?.error?.message ? withLabel(json.error.message) : `Could not save (HTTP ${res.status})`);
      setStatus("idle");
      return;
    }
    setError(null);
    const next = { ...saved, ...json.agent };
    setSaved(next);
    setForm(fields(next));
    setStatus("saved");
  }

  return (
    <form onSubmit={save} aria-describedby={error ? errorId : undefined} className="space-y-6">
      <section className="grid gap-4 rounded-2xl border border-zinc-200 p-4 sm:grid-cols-2 sm:p-5 dark:border-zinc-800">
        <h2 className="font-semibold sm:col-span-2">Identity</h2>
        <label className="block">
          <span className={labelText}>Name</span>
          <input className={input} value={form.name} onChange={(e) => set("name", e.target.value)} required maxLength={80} />
        </label>
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
          <input type="checkbox" checked={form.enabled} onChange={(e) => set("enabled", e.target.checked)} className="h-4 w-4 accent-accent-600" />
          Enabled (disabled agents are not woken by messages, plans or services)
        </label>
        <label className="block sm:col-span-2">
          <span className={labelText}>Persona</span>
          <textarea className={`${input} min-h-24`} value={form.persona} onChange={(e) => set("persona", e.target.value)} maxLength={4000} />
        </label>
        <label className="block sm:col-span-2">
          <span className={labelText}>Instructions</span>
          <textarea className={`${input} min-h-32`} value={form.instructions} onChange={(e) => set("instructions", e.target.value)} maxLength={8000} />
        </label>
        <label className="block sm:col-span-2">
          <span className={labelText}>Topics</span>
          <input
            className={input}
            value={form.topics}
            onChange={(e) => set("topics", e.target.value)}
            placeholder="launch, deploy, release notes"
            aria-describedby={`${errorId}-topics`}
          />
          <span id={`${errorId}-topics`} className="mt-1 block text-xs text-zinc-500">
            Comma-separated keywords or short phrases, up to {MAX_AGENT_TOPICS}. In a channel where it replies when addressed or on its topics (the default), a
            message addressed to nobody wakes the agents whose topics match it best.
          </span>
        </label>
      </section>

      <section className="grid gap-4 rounded-2xl border border-zinc-200 p-4 sm:grid-cols-2 sm:p-5 dark:border-zinc-800">
        <h2 className="font-semibold sm:col-span-2">Model</h2>
        <label className="block">
          <span className={labelText}>Provider</span>
          <select className={input} value={form.provider} onChange={(e) => changeProvider(e.target.value)}>
            {providers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.id}
                {p.configured ? "" : " (not configured)"}
              </option>
            ))}
          </select>
          {provider && !provider.configured && (
            <span className="mt-1 block text-xs text-amber-700 dark:text-amber-400">The server has no key or endpoint for this provider: runs will fail.</span>
          )}
        </label>
        <label className="block">
          <span className={labelText}>Model id</span>
          <input
            className={input}
            value={form.modelId}
            onChange={(e) => {
              setModelTyped(true);
              set("modelId", e.target.value);
            }}
            required
            maxLength={200}
          />
        </label>
      </section>

      <section className="grid gap-4 rounded-2xl border border-zinc-200 p-4 sm:grid-cols-3 sm:p-5 dark:border-zinc-800">
        <h2 className="font-semibold sm:col-span-3">Limits</h2>
        <NumberField label="Concurrent runs" value={form.maxConcurrentRuns} onChange={(v) => set("maxConcurrentRuns", v)} />
        <NumberField label="Tool steps per run" value={form.maxToolSteps} onChange={(v) => set("maxToolSteps", v)} />
        <NumberField label="Run duration (ms)" value={form.maxRunDurationMs} onChange={(v) => set("maxRunDurationMs", v)} step={1000} />
        <NumberField label="Question timeout (ms)" value={form.waitTimeoutMs} onChange={(v) => set("waitTimeoutMs", v)} step={1000} />
      </section>

      <section className="grid gap-4 rounded-2xl border border-zinc-200 p-4 sm:grid-cols-2 sm:p-5 dark:border-zinc-800">
        <h2 className="font-semibold sm:col-span-2">Budget</h2>
        <NumberField label="Daily token budget" value={form.dailyTokenBudget} onChange={(v) => set("dailyTokenBudget", v)} step={1000} />
        <BudgetUse used={agent.today.inputTokens + agent.today.outputTokens} budget={saved.dailyTokenBudget} />
      </section>

      <fieldset className="rounded-2xl border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800">
        <legend className="px-1 font-semibold">Tools</legend>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">The tools the model is offered. A tool left unticked is not sent to the model at all.</p>
        <div className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {TOOL_NAMES.map((name) => (
            <label key={name} className="flex items-center gap-2 font-mono text-sm">
              <input
                type="checkbox"
                checked={form.tools.includes(name)}
                onChange={(e) =>
                  set(
                    "tools",
                    TOOL_NAMES.filter((n) => (n === name ? e.target.checked : form.tools.includes(n))),
                  )
                }
                className="h-4 w-4 accent-accent-600"
              />
              {name}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={status === "saving"}
          className="rounded-lg bg-accent-600 px-4 py-2 text-sm font-medium text-white hover:bg-accent-700 disabled:opacity-60"
        >
          {status === "saving" ? "Saving…" : "Save"}
        </button>
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {status === "saved" ? "Saved" : ""}
        </p>
      </div>
      {error && (
        <p id={errorId} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}

function NumberField({ label, value, onChange, step = 1 }: { label: string; value: string; onChange(v: string): void; step?: number }) {
  return (
    <label className="block">
      <span className={labelText}>{label}</span>
      <input type="number" inputMode="numeric" step={step} className={input} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** Spend against the daily budget, as a bar people can read at a glance. */
function BudgetUse({ used, budget }: { used: number; budget: number | null }) {
  return (
    <div className="self-end text-sm">
      <p>
        {used.toLocaleString()} tokens used today (UTC)
        {budget ? ` of ${budget.toLocaleString()}` : ". No budget: blank means unlimited"}
        {budget && used >= budget ? " — spent: new triggers are refused until 00:00 UTC" : ""}
      </p>
      {budget !== null && (
        <meter
          aria-label="Daily token budget used"
          min={0}
          max={budget}
          low={budget * 0.8}
          high={budget * 0.99}
          optimum={0}
          value={Math.min(used, budget)}
          className="mt-1 block h-2 w-full"
        />
      )}
    </div>
  );
}

function fields(a: AgentAdminDto) {
  return {
    name: a.name,
    persona: a.persona,
    instructions: a.instructions,
    topics: (a.topics ?? []).join(", "),
    provider: a.provider,
    modelId: a.modelId,
    enabled: a.enabled,
    maxConcurrentRuns: String(a.maxConcurrentRuns),
    maxToolSteps: String(a.maxToolSteps),
    maxRunDurationMs: String(a.maxRunDurationMs),
    waitTimeoutMs: String(a.waitTimeoutMs),
    dailyTokenBudget: a.dailyTokenBudget === null ? "" : String(a.dailyTokenBudget),
    // Empty means every tool (the registry's rule).
    tools: TOOL_NAMES.filter((n) => !a.enabledTools.length || a.enabledTools.includes(n)) as string[],
  };
}

// The server names the field as the API does ("maxToolSteps: Too big…"); say it as the form does.
const LABELS: Record<string, string> = {
  name: "Name",
  persona: "Persona",
  instructions: "Instructions",
  topics: "Topics",
  provider: "Provider",
  modelId: "Model id",
  maxConcurrentRuns: "Concurrent runs",
  maxToolSteps: "Tool steps per run",
  maxRunDurationMs: "Run duration (ms)",
  waitTimeoutMs: "Question timeout (ms)",
  dailyTokenBudget: "Daily token budget",
  enabledTools: "Tools",
};
const withLabel = (message: string) => message.replace(/^(\w+)(\.\d+)?: /, (whole, field: string) => (LABELS[field] ? `${LABELS[field]}: ` : whole));

/** A blank or non-numeric field goes to the server as null, so its zod message names the field. */
const numberOrNull = (v: string) => (v.trim() === "" || Number.isNaN(Number(v)) ? null : Number(v));
