"use client";
// An agent's memories (key → value facts in every run's context that may see them): the list
// with edit and delete, and a form to add one. Saves through /api/agents/:id/memories.
import { useState } from "react";
import type { MemoryAdminDto } from "@/lib/agents/knowledge-dto";
import { type ApiFailure, callApi } from "./api";
import { Button, EditDeleteActions, Field, FormError, OriginNote, Section, inputClass } from "./form-bits";

type Draft = { key: string; value: string };

export function MemoriesSection({ agentId, initial }: { agentId: string; initial: MemoryAdminDto[] }) {
  const [memories, setMemories] = useState(initial);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const url = `/api/agents/${agentId}/memories`;

  return (
    <Section
      title="Memories"
      description="Facts the agent keeps between runs. Ones you add are seen by every run; ones a run wrote in a space are seen only by runs that reach that space."
    >
      <FormError message={error} />
      {memories.length === 0 ? (
        <p className="text-sm text-zinc-500">No memories yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {memories.map((m) => (
            <li key={m.id} className="py-3">
              {editing === m.id ? (
                <MemoryForm
                  initial={{ key: m.key, value: m.value }}
                  submitLabel="Save memory"
                  onCancel={() => setEditing(null)}
                  onSubmit={async (d) => {
                    const res = await callApi<{ memory: MemoryAdminDto }>("PATCH", `${url}/${m.id}`, d);
                    if (!res.ok) return res.error;
                    setMemories((all) => all.map((x) => (x.id === m.id ? res.data.memory : x)));
                    setEditing(null);
                    return null;
                  }}
                />
              ) : (
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-mono text-sm font-semibold break-words">{m.key}</p>
                    <p className="text-sm break-words whitespace-pre-wrap">{m.value}</p>
                    <OriginNote {...m} />
                  </div>
                  <EditDeleteActions
                    what={`memory ${JSON.stringify(m.key)}`}
                    deleteUrl={`${url}/${m.id}`}
                    onEdit={() => setEditing(m.id)}
                    onDeleted={() => setMemories((all) => all.filter((x) => x.id !== m.id))}
                    onError={setError}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <details className="rounded-xl bg-zinc-50 p-3 dark:bg-white/5">
        <summary className="cursor-pointer text-sm font-medium">Add a memory</summary>
        <MemoryForm
          initial={{ key: "", value: "" }}
          submitLabel="Add memory"
          resetOnSuccess
          onSubmit={async (d) => {
            const res = await callApi<{ memory: MemoryAdminDto }>("POST", url, d);
            if (!res.ok) return res.error;
            setMemories((all) => [...all, res.data.memory].sort((a, b) => a.key.localeCompare(b.key)));
            return null;
          }}
        />
      </details>
    </Section>
  );
}

function MemoryForm(props: {
  initial: Draft;
  submitLabel: string;
  resetOnSuccess?: boolean;
  onCancel?(): void;
  onSubmit(d: Draft): Promise<ApiFailure | null>;
}) {
  const [d, setD] = useState(props.initial);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const f = failure?.fields ?? {};
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
      <Field label="Key" error={f.key}>
        <input className={`${inputClass} font-mono`} value={d.key} onChange={(e) => setD({ ...d, key: e.target.value })} />
      </Field>
      <Field label="Value" error={f.value} className="sm:col-span-2">
        <textarea className={`${inputClass} min-h-16`} value={d.value} onChange={(e) => setD({ ...d, value: e.target.value })} />
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
