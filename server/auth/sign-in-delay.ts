// How long a sign-in to an account waits after strangers' wrong passwords: nothing for the
// first SIGN_IN_FREE_FAILURES, then SIGN_IN_DELAY_BASE_MS doubling per failure, never more
// than SIGN_IN_DELAY_MAX_MS. A throttle, not a lockout (OWASP Authentication Cheat Sheet):
// guessing gets slow, while the owner with the right password still gets in within seconds.
import { SIGN_IN_DELAY_BASE_MS, SIGN_IN_DELAY_MAX_MS, SIGN_IN_FREE_FAILURES } from "@/lib/limits";

/** The delay, in ms, for an account with `failures` wrong sign-ins in the current window. */
export function signInDelayMs(failures: number): number {
  if (failures <= SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(SIGN_IN_DELAY_MAX_MS, SIGN_IN_DELAY_BASE_MS * 2 ** (failures - SIGN_IN_FREE_FAILURES - 1));
}
