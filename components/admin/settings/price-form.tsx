"use client";
// Model prices, in USD per million tokens: defaults for known models, the admin's own where
// set. Saving sends the admin-priced rows through PUT /api/settings/prices; the server's zod
// schema decides, and its field errors show under their inputs.
import clsx from "clsx";
import { useId, useState } from "react";
import type { ModelPriceRowDto } from "@/lib/usage/usage-dto";
import { PRICE_FIELDS, type PriceField, errorsByRow, resetRow, toBody, toRow } from "./price-rows";

const input = "w-24 rounded-lg border border-zinc-300 bg-white px-2 py-1 text-sm tabular-nums dark:border-zinc-700 dark:bg-zinc-900";
const SOURCE = { admin: "set here", default: "default", none: "no price" } as const;

export function PriceForm({ initial }: { initial: ModelPriceRowDto[] }) {
  const [rows, setRows] = useState(() => initial.map(toRow));
  const [newModel, setNewModel] = useState("");
  const [status, setStatus] = useState<"idle" | "saving" | "saved">("idle");
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const errorId = useId();

  const edit = (modelId: string, field: PriceField, value: string) => {
    setRows((list) => list.map((r) => (r.modelId === modelId ? { ...r, source: "admin", values: { ...r.values, [field]: value } } : r)));
    setStatus("idle");
  };
  const reset = (modelId: string) => {
    setRows((list) => list.map((r) => (r.modelId === modelId ? resetRow(r) : r)));
    setStatus("idle");
  };
  function add(e: React.FormEvent) {
    e.preventDefault();
    const id = newModel.trim();
    if (!id || rows.some((r) => r.modelId === id)) return;
    setRows((list) => [...list, { modelId: id, source: "admin", agents: [], values: { inputPerM: "", cachedInputPerM: "", outputPerM: "" } }]);
    setNewModel("");
  }

  async function save() {
    setStatus("saving");
    const body = toBody(rows);
    const res = await fetch("/api/settings/prices", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const json = await res.json().catch(() => null);
    if (!res.ok) {
      const byRow = errorsByRow(body, json?.error?.fields ?? {});
      setFieldErrors(byRow);
      // Field problems are shown at their inputs; the summary only points there.
      setError(Object.keys(byRow).length ? "Some prices need fixing: see the marked fields." : (json?.error?.message ?? `Could not save (HTTP ${res.status})`));
      return setStatus("idle");
    }
    setRows((json.prices as ModelPriceRowDto[]).map(toRow));
    setFieldErrors({});
    setError(null);
    setStatus("saved");
  }

  return (
    <div className="space-y-4">
      <div className="relative overflow-x-auto rounded-2xl border border-zinc-200 dark:border-zinc-800">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Model prices in USD per million tokens</caption>
          <thead className="text-xs text-zinc-500 uppercase dark:text-zinc-400">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Model
              </th>
              {PRICE_FIELDS.map((f) => (
                <th key={f.key} scope="col" className="px-3 py-2 font-medium">
                  {f.label}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 font-medium">
                Price
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">Reset</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.modelId} className="border-t border-zinc-200 align-top dark:border-zinc-800">
                <th scope="row" className="px-3 py-2 font-mono font-normal break-all">
                  {r.modelId}
                  {r.agents.length > 0 && <span className="block font-sans text-xs text-zinc-600 dark:text-zinc-400">used by {r.agents.join(", ")}</span>}
                </th>
                {PRICE_FIELDS.map((f) => {
                  const problem = fieldErrors[`${r.modelId} ${f.key}`];
                  const id = `${r.modelId}-${f.key}-error`;
                  return (
                    <td key={f.key} className="px-3 py-2">
                      <input
                        type="number"
                        min={0}
                        step="any"
                        inputMode="decimal"
                        className={clsx(input, problem && "border-red-500 dark:border-red-500")}
                        value={r.values[f.key]}
                        onChange={(e) => edit(r.modelId, f.key, e.target.value)}
                        aria-label={`${f.label} price of ${r.modelId}, USD per million tokens`}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? id : undefined}
                      />
                      {problem && (
                        <span id={id} className="mt-1 block text-xs text-red-600 dark:text-red-400">
                          {problem}
                        </span>
                      )}
                    </td>
                  );
                })}
                <td className={clsx("px-3 py-2 whitespace-nowrap", r.source === "none" && "text-amber-700 dark:text-amber-400")}>{SOURCE[r.source]}</td>
                <td className="px-3 py-2">
                  {r.source === "admin" && (
                    <button type="button" onClick={() => reset(r.modelId)} className="text-sm text-accent-600 hover:underline dark:text-indigo-300">
                      Reset<span className="sr-only"> {r.modelId} to its default</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <form onSubmit={add} className="flex flex-wrap items-end gap-2">
        <label className="block text-sm font-medium">
          Another model id
          <input
            className="mt-1 block w-64 rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            value={newModel}
            onChange={(e) => setNewModel(e.target.value)}
            maxLength={100}
            placeholder="e.g. llama3.1:8b"
          />
        </label>
        <button
          type="submit"
          className="rounded-lg border border-zinc-300 px-4 py-2 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-white/5"
        >
          Add model
        </button>
      </form>

      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={save}
          disabled={status === "saving"}
          aria-describedby={error ? errorId : undefined}
          className="rounded-lg bg-accent-600 px-4 py-2 text-sm font-medium text-white hover:bg-accent-700 disabled:opacity-60"
        >
          {status === "saving" ? "Saving…" : "Save prices"}
        </button>
        <span role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {status === "saved" ? "Saved" : ""}
        </span>
        {error && (
          <p id={errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
