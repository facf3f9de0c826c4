"use client";
// "Test model": one tiny call through the agent's model, so an admin learns now (not at the next
// run) whether the key, endpoint and model id work. Saved settings are tested, not the form's.
import { useState } from "react";
import type { ModelTestResultDto } from "@/lib/agents/model-test-dto";
import { refusalOf } from "./field-error";

export function TestModelButton({ agentId }: { agentId: string }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ModelTestResultDto | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  async function test() {
    setBusy(true);
    setResult(null);
    setRefused(null);
    try {
      const res = await fetch(`/api/agents/${agentId}/test-model`, { method: "POST" });
      if (res.ok) setResult(await res.json());
      else setRefused((await refusalOf(res)).message);
    } catch {
      setRefused("Could not reach the server.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="rounded-2xl border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800" aria-labelledby="test-model-heading">
      <h2 id="test-model-heading" className="font-semibold">
        Test model
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Sends one short prompt through the saved provider and model, and shows the answer or the error.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={test}
          disabled={busy}
          aria-busy={busy}
          className="rounded-lg border border-zinc-300 px-4 py-2 text-sm font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-white/10"
        >
          {busy ? "Testing…" : "Test model"}
        </button>
        {busy && (
          <span role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
            <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-zinc-300 border-t-accent-600" />
            Waiting for the model…
          </span>
        )}
      </div>
      {result?.ok && (
        <p role="status" className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300">
          The model answered in {result.ms} ms: “{result.text}”
        </p>
      )}
      {result && !result.ok && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
          The model call failed: {result.text}
        </p>
      )}
      {refused && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
          {refused}
        </p>
      )}
    </section>
  );
}
