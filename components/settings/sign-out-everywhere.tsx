"use client";
// Ends every signed-in session of this account (other browsers and devices included), then
// this one. API tokens are not sessions and keep working; revoke them below.
import { useState } from "react";
import { signOutHere } from "@/lib/client/sign-out";

export function SignOutEverywhereButton() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={async () => {
          if (!confirm("Sign out on every device and browser? API tokens keep working.")) return;
          setBusy(true);
          setError(null);
          try {
            const res = await fetch("/api/sessions/revoke-all", { method: "POST" });
            if (!res.ok && res.status !== 401) throw new Error(`Request failed (${res.status})`);
            await signOutHere();
          } catch (e) {
            setError((e as Error).message);
            setBusy(false);
          }
        }}
        className="rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-900"
      >
        {busy ? "Signing out…" : "Sign out everywhere"}
      </button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </>
  );
}
