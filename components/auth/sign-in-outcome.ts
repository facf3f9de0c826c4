// What the sign-in form says for an answer from /api/auth/callback/credentials. next-auth
// answers 200 with a `url` either way (an `error` parameter in it means refused); our route
// guard answers 429 (too many attempts, Retry-After in seconds) and 503 (busy) itself.

export type SignInOutcome = { ok: true } | { ok: false; message: string };

export const WRONG_CREDENTIALS = "Wrong email or password.";

export function signInOutcome(status: number, retryAfter: string | null, body: unknown): SignInOutcome {
  if (status === 429) {
    const minutes = Math.max(1, Math.ceil(Number(retryAfter) / 60) || 1);
    return { ok: false, message: `Too many attempts, try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` };
  }
  if (status === 503) return { ok: false, message: "The server is busy, try again in a moment." };
  const b = body as { url?: unknown; error?: { message?: unknown } } | null;
  if (status !== 200 || typeof b?.url !== "string") {
    return { ok: false, message: typeof b?.error?.message === "string" ? b.error.message : "Could not sign in, try again." };
  }
  const error = new URL(b.url, "http://x").searchParams.get("error");
  if (!error) return { ok: true };
  // Anything but a wrong password (e.g. an expired CSRF token) is fixed by reloading.
  return { ok: false, message: error === "CredentialsSignin" ? WRONG_CREDENTIALS : "Could not sign in; reload the page and try again." };
}
