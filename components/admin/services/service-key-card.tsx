"use client";
// The agent's service key: its prefix, dates and spaces; Rotate (for the spaces chosen, the new
// key shown once, with Copy; the old key stops working) and Revoke (after a confirmation). Both
// go through /api/agents/:id/keys, which records them in the audit log.
import { useState } from "react";
import type { KeySpaceDto, RotatedKeyDto, ServiceKeyDto } from "@/lib/agents/service-dto";
import { CopyButton } from "./copy-button";
import { errorText, when } from "./format";
import { KeySpacesPicker, spaceLabel } from "./key-spaces-picker";

const button = "rounded-lg px-4 py-2 text-sm font-medium disabled:opacity-60";

/** What the key reaches, in words: named spaces the viewer shares with the agent, the rest counted. */
function reachText(key: ServiceKeyDto, spaces: KeySpaceDto[]): string {
  if (key.legacy) {
    return key.createdBy
      ? `legacy key: limited to the spaces ${key.createdBy} shares with the agent; rotate to choose spaces`
      : "legacy key made without an admin: it reaches no space; rotate to choose spaces";
  }
  const named = spaces.filter((s) => key.spaceIds.includes(s.id)).map(spaceLabel);
  const others = key.spaceIds.length - named.length;
  const list = [...named, ...(others > 0 ? [`${others} other space${others === 1 ? "" : "s"}`] : [])].join(", ");
  return key.createdBy ? `${list} (while ${key.createdBy} is in them)` : list;
}

export function ServiceKeyCard({ agentId, initial, spaces, me }: { agentId: string; initial: ServiceKeyDto | null; spaces: KeySpaceDto[]; me: string }) {
  const [key, setKey] = useState(initial);
  const [chosen, setChosen] = useState<string[]>(() => (initial?.spaceIds ?? []).filter((id) => spaces.some((s) => s.id === id)));
  const [fresh, setFresh] = useState<RotatedKeyDto | null>(null);
  const [busy, setBusy] = useState<"rotate" | "revoke" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function rotate() {
    setBusy("rotate");
    setError(null);
    const res = await fetch(`/api/agents/${agentId}/keys`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ spaceIds: chosen }),
    });
    const body = await res.json().catch(() => null);
    setBusy(null);
    if (!res.ok) return setError(errorText(body, res.status));
    setFresh(body);
    setKey({ prefix: body.prefix, createdAt: body.createdAt, lastUsedAt: null, spaceIds: body.spaceIds, createdBy: me, legacy: false });
  }

  async function revoke() {
    setBusy("revoke");
    setError(null);
    const res = await fetch(`/api/agents/${agentId}/keys`, { method: "DELETE" });
    const body = await res.json().catch(() => null);
    setBusy(null);
    setConfirming(false);
    if (!res.ok) return setError(errorText(body, res.status));
    setKey(null);
    setFresh(null);
  }

  return (
    <section aria-labelledby="service-key" className="rounded-2xl border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800">
      <h2 id="service-key" className="font-semibold">
        Service key
      </h2>
      {key ? (
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-zinc-600 dark:text-zinc-400">Starts with</dt>
          <dd className="font-mono">{key.prefix}…</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Created</dt>
          <dd>{when(key.createdAt)}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Last used</dt>
          <dd>{key.lastUsedAt ? when(key.lastUsedAt) : "never"}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Reaches</dt>
          <dd>{reachText(key, spaces)}</dd>
        </dl>
      ) : (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No key: services cannot trigger this agent. Rotate to create one.</p>
      )}

      {fresh && (
        <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/40">
          <p className="text-sm font-medium text-amber-900 dark:text-amber-200">New key: copy it now, it is not shown again. The old key no longer works.</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <input
              readOnly
              aria-label="New service key"
              value={fresh.key}
              onFocus={(e) => e.target.select()}
              className="min-w-0 flex-1 rounded border border-amber-300 bg-white px-2 py-1 font-mono text-sm dark:border-amber-800 dark:bg-zinc-900"
            />
            <CopyButton text={fresh.key} label="Copy the new key" />
          </div>
        </div>
      )}

      <div className="mt-4">
        <KeySpacesPicker spaces={spaces} chosen={chosen} onChange={setChosen} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={rotate}
          disabled={busy !== null || chosen.length === 0}
          className={`${button} bg-accent-600 text-white hover:bg-accent-700`}
        >
          {busy === "rotate" ? "Rotating…" : key ? "Rotate key" : "Create key"}
        </button>
        {key && !confirming && (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            disabled={busy !== null}
            className={`${button} border border-red-300 text-red-700 hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950/40`}
          >
            Revoke key
          </button>
        )}
      </div>
      {confirming && (
        <fieldset className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <legend className="mb-2 w-full">Revoke the key? Services using it get 401 until a new key is created.</legend>
          <button type="button" onClick={revoke} disabled={busy !== null} className={`${button} bg-red-600 text-white hover:bg-red-700`}>
            {busy === "revoke" ? "Revoking…" : "Yes, revoke"}
          </button>
          <button type="button" onClick={() => setConfirming(false)} className={`${button} border border-zinc-300 dark:border-zinc-700`}>
            Cancel
          </button>
        </fieldset>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </section>
  );
}
