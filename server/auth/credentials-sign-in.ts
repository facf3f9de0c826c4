// Email + password sign-in with its abuse limits, for next-auth's Credentials `authorize`.
// Both limits are checked before any hashing (so a blocked IP or account costs nothing),
// only failures count, and a success clears the account's count (not the IP's: one good
// account must not reset an attacker's budget for guessing others). A block holds even for
// the right password until it ends, or the limit would be no limit.
//
// next-auth answers every authorize() refusal with the same generic error, so a refusal
// with a reason of its own (rate_limited → 429, busy → 503) is recorded on the request's
// SignInAttempt instead, and the route guard (server/http/auth-route-guard.ts) answers it.
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import type { Db } from "../db/client";
import type { RateLimits } from "../limits/rate-limits";
import { type AppError, isAppError } from "../domain/errors";
import { verifyCredentials } from "../domain/users/verify-credentials";
import { log } from "../log";

/** What logs and rate-limit keys say instead of an email: the first 12 hex chars of the
 *  SHA-256 of the email as stored (trimmed, lowercased). The limiter logs its keys. */
export const emailHash = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 12);

export async function signInWithPassword(deps: { db: Db; limits?: RateLimits }, input: { email: string; password: string; ip: string }) {
  const account = emailHash(input.email);
  await deps.limits?.check("signInPerIp", input.ip);
  await deps.limits?.check("signInPerAccount", account);
  const user = await verifyCredentials(deps.db, input.email, input.password);
  if (user) {
    await deps.limits?.reset("signInPerAccount", account);
    return user;
  }
  log.info({ ip: input.ip, account }, "sign-in failed");
  // Both counters move even if the first one refuses, so neither can be skipped by racing.
  const spent = await Promise.allSettled([deps.limits?.consume("signInPerIp", input.ip), deps.limits?.consume("signInPerAccount", account)]);
  for (const s of spent) if (s.status === "rejected") throw s.reason;
  return null;
}

// --- Carrying a refusal out of next-auth ---

interface SignInAttempt {
  refusal?: AppError;
}

// On globalThis: the route guard and next-auth's config may be separate module instances.
const g = globalThis as unknown as { __parleySignInAttempts?: AsyncLocalStorage<SignInAttempt> };
const attempts = (g.__parleySignInAttempts ??= new AsyncLocalStorage<SignInAttempt>());

/** Runs `fn` (next-auth's handler) and returns its response plus any refusal authorize() recorded. */
export async function withSignInAttempt<T>(fn: () => Promise<T>): Promise<{ result: T; refusal?: AppError }> {
  const attempt: SignInAttempt = {};
  const result = await attempts.run(attempt, fn);
  return { result, refusal: attempt.refusal };
}

/**
 * For authorize(): the user, or null for wrong credentials. An AppError (rate_limited, busy)
 * is recorded for the route guard and becomes null here; outside a guarded request it is thrown.
 */
export async function authorizeOrRecord<U>(check: () => Promise<U | null>): Promise<U | null> {
  try {
    return await check();
  } catch (e) {
    const attempt = attempts.getStore();
    if (isAppError(e) && attempt) {
      attempt.refusal = e;
      return null;
    }
    throw e;
  }
}
