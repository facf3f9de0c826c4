"use client";
// Personal API tokens for scripts and bots. A new token is shown once, then only its prefix.
import { useCallback, useEffect, useState } from "react";

interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { ...init, headers: { "content-type": "application/json", ...init?.headers } });
  if (res.status === 204) return undefined as T;
  const data = (await res.json().catch(() => null)) as (T & { error?: { message: string } }) | null;
  if (!res.ok) throw new Error(data?.error?.message ?? `Request failed (${res.status})`);
  return data as T;
}

export function ApiTokens() {
  const [tokens, setTokens] = useState<TokenRow[] | null>(null);
  const [name, setName] = useState("");
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setTokens((await api<{ tokens: TokenRow[] }>("/api/tokens")).tokens);
    } catch (e) {
      setError((e as Error).message);
    }
  }, []);
  useEffect(() => void load(), [load]);

  return (
    <section className="mt-6 rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800" aria-labelledby="tokens-heading">
      <h2 id="tokens-heading" className="font-semibold">
        Personal API tokens
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Use <code>Authorization: Bearer &lt;token&gt;</code> with the HTTP API, e.g. <code>curl -H &quot;Authorization: Bearer …&quot; /api/spaces</code>.
      </p>
      <form
        className="mt-4 flex gap-2"
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          try {
            const t = await api<{ token: string }>("/api/tokens", { method: "POST", body: JSON.stringify({ name }) });
            setCreated(t.token);
            setName("");
            await load();
          } catch (err) {
            setError((err as Error).message);
          }
        }}
      >
        <input
          aria-label="Token name"
          placeholder="Token name, e.g. deploy-bot"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={60}
          className="flex-1 rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-950"
        />
        <button type="submit" className="rounded-lg bg-accent-600 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-700">
          Create token
        </button>
      </form>
      {created && (
        <div role="status" className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm dark:bg-emerald-950/50">
          <p className="font-medium">Copy your new token now — it will not be shown again:</p>
          <code data-testid="new-token" className="mt-1 block break-all">
            {created}
          </code>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      )}
      <ul className="mt-4 divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Your tokens">
        {tokens === null && <li className="py-2 text-sm text-zinc-500">Loading…</li>}
        {tokens?.length === 0 && <li className="py-2 text-sm text-zinc-500">No tokens yet.</li>}
        {tokens?.map((t) => (
          <li key={t.id} className="flex items-center gap-3 py-2 text-sm">
            <div className="flex-1">
              <p className="font-medium">{t.name}</p>
              <p className="text-xs text-zinc-500">
                {t.prefix}… · created {new Date(t.createdAt).toLocaleDateString()}
                {t.lastUsedAt ? ` · last used ${new Date(t.lastUsedAt).toLocaleString()}` : " · never used"}
              </p>
            </div>
            <button
              type="button"
              aria-label={`Revoke ${t.name}`}
              onClick={async () => {
                await api(`/api/tokens/${t.id}`, { method: "DELETE" }).catch((e: Error) => setError(e.message));
                await load();
              }}
              className="rounded px-2 py-1 text-red-600 hover:bg-red-50 dark:hover:bg-red-950"
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
