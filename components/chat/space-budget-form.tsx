"use client";
// A space's daily token budget, for workspace admins: what all agents' runs triggered here may
// use per UTC day. Empty means no budget. The server validates and audits it.
import { useState } from "react";

export function SpaceBudgetForm({ spaceId, budget }: { spaceId: string; budget: number | null }) {
  const [value, setValue] = useState(budget === null ? "" : String(budget));
  const [state, setState] = useState<{ saving: boolean; error: string | null; saved: boolean }>({ saving: false, error: null, saved: false });
  const save = async () => {
    const trimmed = value.trim();
    const dailyTokenBudget = trimmed === "" ? null : Number(trimmed);
    setState({ saving: true, error: null, saved: false });
    try {
      const res = await fetch(`/api/spaces/${encodeURIComponent(spaceId)}/budget`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ dailyTokenBudget }),
      });
      const error = res.ok
        ? null
        : (((await res.json().catch(() => null)) as { error?: { message?: string } } | null)?.error?.message ?? `Failed (${res.status})`);
      setState({ saving: false, error, saved: res.ok });
    } catch {
      setState({ saving: false, error: "Could not reach the server", saved: false });
    }
  };
  return (
    <form
      className="border-b border-zinc-200 p-3 dark:border-zinc-800"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor={`budget-${spaceId}`} className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Agents' daily token budget here
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`budget-${spaceId}`}
          inputMode="numeric"
          placeholder="No budget"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        />
        <button
          type="submit"
          disabled={state.saving || value.trim() === (budget === null ? "" : String(budget))}
          className="rounded-md border border-zinc-300 px-2 py-1 text-sm font-medium disabled:opacity-50 dark:border-zinc-700"
        >
          {state.saving ? "Saving…" : "Set budget"}
        </button>
      </div>
      {state.error && (
        <p role="alert" className="mt-1 text-xs text-red-600">
          {state.error}
        </p>
      )}
      {state.saved && (
        <p role="status" className="mt-1 text-xs text-emerald-700 dark:text-emerald-400">
          Saved
        </p>
      )}
    </form>
  );
}
