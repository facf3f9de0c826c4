"use client";

import { useState } from "react";
import Link from "next/link";
import { Field, primaryButton } from "./field";
import { postCredentials } from "./post-credentials";
import { WRONG_CREDENTIALS } from "./sign-in-outcome";

// The server answers a sign-up the same whether or not the email already has an account (so
// nobody can find out who has one), and the form then signs in with what was typed. A taken
// email has its owner's password, so that sign-in fails like any wrong password; the form
// says so without saying which it was.
const SIGNED_UP_BUT_NOT_IN =
  "We could not sign you in with this email and password. Check your credentials: if you already have an account with this email, sign in with its password.";

/**
 * `domains`: the only email domains this workspace accepts (SIGNUP_DOMAINS); empty → any.
 * `invite`: an invite link's token; the account is then made through the link, whatever the policy.
 */
export function SignUpForm({ domains = [], invite }: { domains?: string[]; invite?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = {
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    };
    setPending(true);
    setError(null);
    const res = invite
      ? await fetch("/api/invites/accept", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...body, token: invite }),
        })
      : await fetch("/api/signup", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!res.ok) {
      const data = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      setPending(false);
      setError(data?.error?.message ?? "Could not create the account.");
      return;
    }
    const signedIn = await postCredentials(body.email, body.password);
    if (!signedIn.ok) {
      setPending(false);
      // Busy or rate limited: the account may well exist now; the sign-in page takes it from here.
      setError(signedIn.message === WRONG_CREDENTIALS ? SIGNED_UP_BUT_NOT_IN : `${signedIn.message} Then sign in.`);
      return;
    }
    window.location.assign("/spaces");
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Create account">
      <h1 className="text-lg font-semibold">Create your account</h1>
      <Field id="name" name="name" label="Full name" autoComplete="name" required autoFocus />
      <Field id="email" name="email" type="email" label="Email" autoComplete="email" required aria-describedby={domains.length ? "email-domains" : undefined} />
      {domains.length > 0 && (
        <p id="email-domains" className="-mt-2 text-xs text-zinc-500">
          Only addresses at {domains.join(", ")} can sign up.
        </p>
      )}
      <Field id="password" name="password" type="password" label="Password" autoComplete="new-password" minLength={8} required />
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={pending}>
        {pending ? "Creating…" : "Create account"}
      </button>
      <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
        Have an account?{" "}
        <Link href="/signin" className="font-medium text-accent-600 hover:underline dark:text-indigo-300">
          Sign in
        </Link>
      </p>
    </form>
  );
}
