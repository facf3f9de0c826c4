"use client";

import { useState } from "react";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { Field, primaryButton } from "./field";
import { postCredentials } from "./post-credentials";

interface Props {
  /** A readable reason from `?error=…` (a refused OAuth sign-in), rendered by the page. */
  initialError?: string | null;
  /** Configured OAuth providers; none → no buttons. */
  providers?: { id: string; label: string }[];
  /** False when SIGNUP=closed: no "Create an account" link. */
  signupOpen?: boolean;
}

export function SignInForm({ initialError = null, providers = [], signupOpen = true }: Props) {
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setError(null);
    const res = await postCredentials(String(form.get("email") ?? ""), String(form.get("password") ?? ""));
    if (!res.ok) {
      setPending(false);
      setError(res.message);
      return;
    }
    // A full navigation so the socket connects with the fresh session cookie.
    window.location.assign("/spaces");
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Sign in">
      <h1 className="text-lg font-semibold">Sign in to your workspace</h1>
      <Field id="email" name="email" type="email" label="Email" autoComplete="email" required autoFocus />
      <Field id="password" name="password" type="password" label="Password" autoComplete="current-password" required />
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
      {providers.length > 0 && (
        <div className="space-y-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          {providers.map((p) => (
            <button
              key={p.id}
              type="button"
              onClick={() => void signIn(p.id, { redirectTo: "/spaces" })}
              className="inline-flex w-full items-center justify-center rounded-lg border border-zinc-300 px-4 py-2 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              Continue with {p.label}
            </button>
          ))}
        </div>
      )}
      {signupOpen && (
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          New here?{" "}
          <Link href="/signup" className="font-medium text-accent-600 hover:underline dark:text-indigo-300">
            Create an account
          </Link>
        </p>
      )}
    </form>
  );
}
