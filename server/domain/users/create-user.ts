import type { Deps } from "../deps";
import { displayName } from "@/lib/display-name";
import { AppError } from "../errors";
import { hashPassword, MIN_PASSWORD_LENGTH } from "./password";
import { avatarColorFor } from "../entities/avatar-color";
import { assertSignupAllowed, type SignupPolicy } from "./signup-policy";

// Every account is made under this transaction-scoped advisory lock (PostgreSQL and PGlite
// alike), so "is this the first account?" and the sign-up policy's "is anyone in yet?" are
// answered and acted on by one process at a time: two sign-ups racing on an empty database
// make exactly one admin, and with SIGNUP=closed exactly one account. Accounts are made
// rarely and the lock covers a few queries (the password is hashed before it), so it costs nothing.
const CREATE_USER_LOCK = "parley:create-user";

export interface NewUser {
  email: string;
  name: string;
  /** Omitted for OAuth-only accounts. */
  password?: string;
  isAdmin?: boolean;
  /** Sign-up and first OAuth sign-in: the policy, checked under the lock. Scripts and seeds omit it. */
  policy?: SignupPolicy;
  /** The client address whose turn in the hashing queue the password takes (password.ts). */
  hashQueue?: string;
}

/**
 * A human account and its entity. The first account in an empty workspace becomes an
 * admin. New people join #general when it exists, as in Slack. No actor: nobody is signed in
 * when an account is made (sign-up, a first OAuth sign-in, scripts), so this takes (deps, input).
 * It announces nothing; sign-up.ts tells the new member's spaces.
 * A taken email is AppError("conflict"); sign-up turns that into its one answer for every email.
 */
export async function createUser({ db }: Pick<Deps, "db">, input: NewUser) {
  const email = input.email.trim().toLowerCase();
  // Every path that makes an account (sign-up, OAuth, scripts) gets the same one-line name rule.
  const name = displayName.safeParse(input.name);
  if (!name.success) throw new AppError("bad_request", name.error.issues[0]?.message ?? "Invalid name");
  if (input.password !== undefined && input.password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError("bad_request", `Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  // Hash before looking the email up: a taken email then costs as long as a free one.
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password, input.hashQueue);
  try {
    return await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${CREATE_USER_LOCK}))`;
      if (input.policy) await assertSignupAllowed(tx, input.policy, email);
      if (await tx.user.findUnique({ where: { email }, select: { id: true } })) throw new AppError("conflict", "An account with this email exists");
      const isFirst = (await tx.user.count()) === 0;
      const general = await tx.space.findFirst({ where: { kind: "channel", name: "general", archivedAt: null } });
      return tx.user.create({
        data: {
          email,
          passwordHash,
          isAdmin: input.isAdmin ?? isFirst,
          entity: {
            create: {
              type: "human",
              name: name.data,
              avatarColor: avatarColorFor(email),
              ...(general ? { memberships: { create: { spaceId: general.id } } } : {}),
            },
          },
        },
        include: { entity: true },
      });
    });
  } catch (e) {
    if ((e as { code?: string }).code === "P2002") throw new AppError("conflict", "An account with this email exists");
    throw e;
  }
}
