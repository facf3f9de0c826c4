"use client";
// Sets a new password through an admin's reset link; every other session of the account ends.
import Link from "next/link";
import { useState } from "react";
import { Field, primaryButton } from "./field";

export function ResetPasswordForm({ token }: { token: string }) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get("password") ?? "");
    setPending(true);
    setError(null);
    const res = await fetch("/api/reset", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token, password }) });
    setPending(false);
    if (!res.ok) {
      const data = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      setError(data?.error?.message ?? "Could not set the password.");
      return;
    }
    setDone(true);
  }

  if (done) {
    return (
      <section className="space-y-4" aria-labelledby="reset-done-heading">
        <h1 id="reset-done-heading" className="text-lg font-semibold">
          Password changed
        </h1>
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          Your other sessions were signed out. Sign in with your new password.
        </p>
        <p className="text-center text-sm">
          <Link href="/signin" className="font-medium text-accent-600 hover:underline dark:text-indigo-300">
            Sign in
          </Link>
        </p>
      </section>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Set a new password">
      <h1 className="text-lg font-semibold">Set a new password</h1>
      <Field id="password" name="password" type="password" label="New password" autoComplete="new-password" minLength={8} required autoFocus />
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={pending}>
        {pending ? "Saving…" : "Set password"}
      </button>
    </form>
  );
}
