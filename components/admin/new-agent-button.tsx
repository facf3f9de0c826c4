"use client";
// "New agent": a short form in a dialog (name, provider, model, persona, instructions, tools).
// Limits start at the defaults and are changed on the agent's own page, where it opens once
// created. The server validates; its per-field messages show under each field.
import { useId, useState } from "react";
import { TOOL_NAMES } from "@/lib/agents/tool-names";
import { useRouter } from "next/navigation";
import { Modal, buttonClass, inputClass } from "@/components/chat/modal";
import { FieldError, refusalOf, type ApiRefusal } from "./field-error";

export function NewAgentButton({ providers }: { providers: { id: string; configured: boolean }[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass} onClick={() => setOpen(true)}>
        New agent
      </button>
      <Modal title="New agent" open={open} onClose={() => setOpen(false)}>
        <NewAgentForm providers={providers} />
      </Modal>
    </>
  );
}

function NewAgentForm({ providers }: { providers: { id: string; configured: boolean }[] }) {
  const router = useRouter();
  const id = useId();
  const [form, setForm] = useState({ name: "", provider: "offline", modelId: "", persona: "", instructions: "" });
  const [tools, setTools] = useState<string[]>([...TOOL_NAMES]);
  const [refusal, setRefusal] = useState<ApiRefusal | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = (name: string, on: boolean) => setTools(TOOL_NAMES.filter((n) => (n === name ? on : tools.includes(n))));
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const err = (field: string) => refusal?.fields[field];
  const described = (field: string) => (err(field) ? `${id}-${field}` : undefined);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    // A blank model id means "the provider's default" (the server picks it).
    // Every tool ticked is stored as "all" (an empty list), which also gives the agent tools added later.
    const body = { ...form, modelId: form.modelId.trim() || undefined, ...(tools.length < TOOL_NAMES.length && { enabledTools: tools }) };
    const res = await fetch("/api/agents", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!res.ok) {
      setRefusal(await refusalOf(res));
      setBusy(false);
      return;
    }
    const { agent } = await res.json();
    router.push(`/admin/agents/${agent.id}`);
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-busy={busy}>
      <div>
        <label className="block text-sm font-medium">
          Name
          <input
            className={`${inputClass} mt-1`}
            value={form.name}
            onChange={(e) => set("name", e.target.value)}
            required
            maxLength={80}
            aria-invalid={!!err("name")}
            aria-describedby={described("name")}
          />
        </label>
        <FieldError id={`${id}-name`} message={err("name")} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label className="block text-sm font-medium">
            Provider
            <select
              className={`${inputClass} mt-1`}
              value={form.provider}
              onChange={(e) => set("provider", e.target.value)}
              aria-describedby={described("provider")}
            >
              {providers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.id}
                  {p.configured ? "" : " (not configured)"}
                </option>
              ))}
            </select>
          </label>
          <FieldError id={`${id}-provider`} message={err("provider")} />
        </div>
        <div>
          <label className="block text-sm font-medium">
            Model id
            <input
              className={`${inputClass} mt-1`}
              value={form.modelId}
              onChange={(e) => set("modelId", e.target.value)}
              placeholder="provider default"
              maxLength={200}
              aria-invalid={!!err("modelId")}
              aria-describedby={described("modelId")}
            />
          </label>
          <FieldError id={`${id}-modelId`} message={err("modelId")} />
        </div>
      </div>
      <div>
        <label className="block text-sm font-medium">
          Persona
          <textarea
            className={`${inputClass} mt-1 min-h-16`}
            value={form.persona}
            onChange={(e) => set("persona", e.target.value)}
            maxLength={4000}
            aria-describedby={described("persona")}
          />
        </label>
        <FieldError id={`${id}-persona`} message={err("persona")} />
      </div>
      <div>
        <label className="block text-sm font-medium">
          Instructions
          <textarea
            className={`${inputClass} mt-1 min-h-20`}
            value={form.instructions}
            onChange={(e) => set("instructions", e.target.value)}
            maxLength={8000}
            aria-describedby={described("instructions")}
          />
        </label>
        <FieldError id={`${id}-instructions`} message={err("instructions")} />
      </div>
      <fieldset aria-describedby={described("enabledTools")}>
        <legend className="text-sm font-medium">Tools</legend>
        <div className="mt-1 grid max-h-40 gap-1 overflow-y-auto sm:grid-cols-2">
          {TOOL_NAMES.map((name) => (
            <label key={name} className="flex items-center gap-2 font-mono text-xs">
              <input type="checkbox" checked={tools.includes(name)} onChange={(e) => toggle(name, e.target.checked)} className="h-4 w-4 accent-accent-600" />
              {name}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-enabledTools`} message={err("enabledTools")} />
      </fieldset>
      {refusal && !Object.keys(refusal.fields).length && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
          {refusal.message}
        </p>
      )}
      {refusal && Object.keys(refusal.fields).length > 0 && (
        <p role="alert" className="sr-only">
          {refusal.message}
        </p>
      )}
      <button type="submit" className={buttonClass} disabled={busy}>
        {busy ? "Creating…" : "Create agent"}
      </button>
    </form>
  );
}
