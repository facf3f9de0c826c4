"use client";
// Connected accounts: the OAuth providers linked to this account, and a button to connect
// each other configured one. Connecting first records a signed intent for this session
// (POST /api/oauth/link-intent), then goes through the provider's sign-in; the callback
// links the identity only to this account and only with an email the provider verified.
import { useState } from "react";
import { signIn } from "next-auth/react";

interface Props {
  /** Configured providers, with whether this account already uses each. */
  providers: { id: string; label: string; connected: boolean }[];
  /** A refused connect, already in words (from `?error=…`). */
  initialError: string | null;
}

export function ConnectedAccounts({ providers, initialError }: Props) {
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState<string | null>(null);

  async function connect(id: string) {
    setError(null);
    setPending(id);
    const res = await fetch("/api/oauth/link-intent", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ provider: id }),
    });
    if (!res.ok) {
      const data = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      setPending(null);
      setError(data?.error?.message ?? `Could not start connecting (${res.status})`);
      return;
    }
    await signIn(id, { redirectTo: "/settings" });
  }

  return (
    <section className="mt-6 rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800" aria-labelledby="connected-heading">
      <h2 id="connected-heading" className="font-semibold">
        Connected accounts
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Sign in with these as well as your password. The provider must confirm your email address is verified.
      </p>
      <ul className="mt-4 divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Sign-in providers">
        {providers.map((p) => (
          <li key={p.id} className="flex items-center gap-3 py-2 text-sm">
            <span className="flex-1 font-medium">{p.label}</span>
            {p.connected ? (
              <span className="text-emerald-700 dark:text-emerald-400">Connected</span>
            ) : (
              <button
                type="button"
                onClick={() => void connect(p.id)}
                disabled={pending !== null}
                className="rounded-lg border border-zinc-300 px-3 py-1.5 font-medium hover:bg-zinc-50 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-900"
              >
                {pending === p.id ? `Connecting ${p.label}…` : `Connect ${p.label}`}
              </button>
            )}
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      )}
    </section>
  );
}
