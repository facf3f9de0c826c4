"use client";
// "Send a test trigger": a service name and a JSON payload, checked as they are typed, sent
// through POST /api/agents/:id/test-trigger (the same run a service's key starts, acting for
// the signed-in admin). The server's field errors show under their fields.
import { useId, useMemo, useState } from "react";
import { errorText } from "./format";
import { parsePayload } from "./payload-json";

const input = "mt-1 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";
const EXAMPLE = '{\n  "build": 42,\n  "ok": true\n}';

export function TestTriggerForm({ agentId, onStarted }: { agentId: string; onStarted(runId: string): void }) {
  const [serviceName, setServiceName] = useState("test");
  const [payload, setPayload] = useState(EXAMPLE);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const parsed = useMemo(() => parsePayload(payload), [payload]);
  const payloadHelp = useId();
  const payloadError = useId();
  const nameError = useId();
  const payloadProblem = parsed.ok ? fields.payload : parsed.error;

  async function send(e: React.FormEvent) {
    e.preventDefault();
    if (!parsed.ok) return;
    setSending(true);
    setError(null);
    setFields({});
    const res = await fetch(`/api/agents/${agentId}/test-trigger`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ serviceName, ...(parsed.value === undefined ? {} : { payload: parsed.value }) }),
    });
    const body = await res.json().catch(() => null);
    setSending(false);
    if (!res.ok) {
      setFields(body?.error?.fields ?? {});
      return setError(errorText(body, res.status));
    }
    onStarted(body.runId);
  }

  return (
    <form onSubmit={send} aria-labelledby="test-trigger" className="rounded-2xl border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800">
      <h2 id="test-trigger" className="font-semibold">
        Send a test trigger
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Starts the run a service would, acting for you: it reaches only the spaces you share with the agent. Put a <code>spaceId</code> in the payload for the
        agent to report there.
      </p>
      <label className="mt-3 block">
        <span className="text-sm font-medium">Service name</span>
        <input
          className={input}
          value={serviceName}
          onChange={(e) => setServiceName(e.target.value)}
          maxLength={100}
          required
          aria-invalid={fields.serviceName ? true : undefined}
          aria-describedby={fields.serviceName ? nameError : undefined}
        />
        {fields.serviceName && (
          <span id={nameError} className="mt-1 block text-sm text-red-600 dark:text-red-400">
            {fields.serviceName}
          </span>
        )}
      </label>
      <label className="mt-3 block">
        <span className="text-sm font-medium">Payload (JSON)</span>
        <textarea
          className={`${input} min-h-40 font-mono`}
          value={payload}
          onChange={(e) => setPayload(e.target.value)}
          spellCheck={false}
          aria-invalid={payloadProblem ? true : undefined}
          aria-describedby={`${payloadHelp}${payloadProblem ? ` ${payloadError}` : ""}`}
        />
      </label>
      <p id={payloadHelp} className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
        Any JSON value; leave it empty to send none.
      </p>
      {payloadProblem && (
        <p id={payloadError} role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
          {payloadProblem}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={sending || !parsed.ok}
          className="rounded-lg bg-accent-600 px-4 py-2 text-sm font-medium text-white hover:bg-accent-700 disabled:opacity-60"
        >
          {sending ? "Sending…" : "Send test trigger"}
        </button>
        {error && !Object.keys(fields).length && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    </form>
  );
}
