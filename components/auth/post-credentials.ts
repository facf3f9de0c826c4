// Email + password sign-in without next-auth's signIn(): that helper reads only `url` from
// the answer and throws on anything else, so it cannot tell a 429 (with its Retry-After)
// from a wrong password. Same request it would make: CSRF token, form body, JSON answer.
import { getCsrfToken } from "next-auth/react";
import { signInOutcome, type SignInOutcome } from "./sign-in-outcome";

export async function postCredentials(email: string, password: string): Promise<SignInOutcome> {
  try {
    const csrfToken = (await getCsrfToken()) ?? "";
    const res = await fetch("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
      body: new URLSearchParams({ email, password, csrfToken, callbackUrl: "/spaces" }),
    });
    return signInOutcome(res.status, res.headers.get("retry-after"), await res.json().catch(() => null));
  } catch {
    return { ok: false, message: "Could not reach the server, try again." };
  }
}
