// Email + password sign-in with its abuse limits, for next-auth's Credentials `authorize`.
// Throttling, not lockout (OWASP Authentication Cheat Sheet): wrong passwords
//   - block the address after signInPerIp failures (any accounts),
//   - block that address for that account after signInPerAccountIp failures,
//   - and make that address wait the account's growing delay (sign-in-delay.ts, a few seconds
//     at most) before its next try at that account (signInRetryPerAccountIp),
// but never block the account itself: otherwise anyone could lock anyone out, the admin
// included, by sending wrong passwords from a few addresses. The right password from an
// address that did not fail signs in at once, whatever the spray.
// The delay is a gate refused with 429 and Retry-After, not a sleep: a request asleep would
// hold one of the door's sign-in slots (edge.ts), and a spray from a few dozen addresses could
// then fill them all and starve everyone else's sign-in. Every limit is checked before the
// hash: a refused request never waits for or holds a hashing slot, and the hash itself waits
// its turn in the queue of its address (password.ts).
// Only failures count; a success clears its address's count for the account, not the
// address's own (one good account must not reset an attacker's budget for guessing others)
// nor the account's delay (a spray goes on being slow).
//
// next-auth answers every authorize() refusal with the same generic error, so a refusal
// with a reason of its own (rate_limited → 429, busy → 503) is recorded on the request's
// SignInAttempt instead, and the route guard (server/http/auth-route-guard.ts) answers it.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "../db/client";
import type { RateLimits } from "../limits/rate-limits";
import { type AppError, isAppError } from "../domain/errors";
import { verifyCredentials } from "../domain/users/verify-credentials";
import { log } from "../log";
import { emailLogId } from "./email-log-id";
import { signInDelayMs } from "./sign-in-delay";

export async function signInWithPassword(deps: { db: Db; limits?: RateLimits }, input: { email: string; password: string; ip: string }) {
  const account = emailLogId(input.email);
  const pair = `${account}:${input.ip}`;
  await deps.limits?.check("signInPerIp", input.ip);
  await deps.limits?.check("signInPerAccountIp", pair);
  await deps.limits?.check("signInRetryPerAccountIp", pair);
  const user = await verifyCredentials(deps.db, input.email, input.password, input.ip);
  if (user) {
    await deps.limits?.reset("signInPerAccountIp", pair);
    return user;
  }
  log.info({ ip: input.ip, account }, "sign-in failed");
  // Every counter moves even if one refuses, so none can be skipped by racing.
  const spent = await Promise.allSettled([
    deps.limits?.consume("signInPerIp", input.ip),
    deps.limits?.consume("signInPerAccountIp", pair),
    deps.limits?.consume("signInFailuresPerAccount", account),
  ]);
  const delay = signInDelayMs((await deps.limits?.count("signInFailuresPerAccount", account)) ?? 0);
  if (delay) await deps.limits?.block("signInRetryPerAccountIp", pair, Math.ceil(delay / 1000));
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
