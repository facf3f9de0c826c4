// Who may create an account, by password or by a first OAuth sign-in: the one place both
// paths ask. SIGNUP=closed still lets the very first account in, because on an empty
// database nobody could otherwise ever get in (and that account becomes the admin).
// SIGNUP_DOMAINS applies to every account, the first included. Parley sends no
// verification mail, so for a password sign-up the domain is the one typed, not proven.
// Policy checks, not actions: pages and sign-up paths ask them before anyone is signed in,
// so they take (db, policy, …) rather than (deps, actor, input).
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "../../db/client";
import { AppError } from "../errors";

export interface SignupPolicy {
  mode: "open" | "closed";
  /** Lowercase email domains allowed to sign up; empty → any. */
  domains: readonly string[];
}

/** The policy from validated env (server/env.ts). */
export const signupPolicyOf = (e: { SIGNUP: "open" | "closed"; SIGNUP_DOMAINS: readonly string[] }): SignupPolicy => ({
  mode: e.SIGNUP,
  domains: e.SIGNUP_DOMAINS,
});

/** Refusal reasons, carried in AppError.details so the OAuth flow can say which. */
export type SignupRefusal = "signup_closed" | "signup_domain";

export const signupDomainsMessage = (domains: readonly string[]) => `Sign-up on this workspace is limited to email addresses at ${domains.join(", ")}`;

/** True when nobody new may join: closed, and someone is already in. */
export async function isSignupClosed(db: Db | Prisma.TransactionClient, policy: SignupPolicy): Promise<boolean> {
  return policy.mode === "closed" && (await db.user.count()) > 0;
}

/** Asked by createUser under its lock, so "is anyone in yet?" cannot race another sign-up. */
export async function assertSignupAllowed(db: Db | Prisma.TransactionClient, policy: SignupPolicy, email: string): Promise<void> {
  if (await isSignupClosed(db, policy)) {
    throw new AppError("forbidden", "Sign-up is closed on this workspace", { reason: "signup_closed" satisfies SignupRefusal });
  }
  const domain = email.trim().toLowerCase().split("@").pop() ?? "";
  if (policy.domains.length > 0 && !policy.domains.includes(domain)) {
    throw new AppError("forbidden", signupDomainsMessage(policy.domains), { reason: "signup_domain" satisfies SignupRefusal });
  }
}
