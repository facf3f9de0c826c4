// Our user for an OAuth identity. An identity is joined to an existing account only when
// its owner asks for it from a signed-in session and the provider vouches for the email;
// a sign-in never attaches itself to an account by matching email, or anyone who can put
// the admin's address on a GitHub profile would become the admin.
import { cleanDisplayName } from "@/lib/display-name";
import type { Db } from "../../db/client";
import { AppError } from "../errors";
import { createUser } from "./create-user";
import type { SignupPolicy } from "./signup-policy";

export interface OAuthIdentity {
  provider: string;
  providerAccountId: string;
  /** next-auth's account type ("oauth" | "oidc"). */
  type: string;
  email: string;
  /** Whether the provider says it checked the address (Google's email_verified, GitHub's /user/emails). */
  emailVerified: boolean;
  name: string;
  /** The signed-in user asking to connect this identity (Settings → Connected accounts). */
  linkToUserId?: string;
}

/** Refusal reasons, carried in AppError.details so the sign-in page can explain. */
export type OAuthRefusal = "email_exists" | "email_unverified" | "linked_elsewhere" | "no_email";

const refuse = (code: "forbidden" | "conflict" | "bad_request", reason: OAuthRefusal, message: string) => new AppError(code, message, { reason });

export const providerLabel = (provider: string) => ({ github: "GitHub", google: "Google" })[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1);

/**
 * Runs inside next-auth's sign-in callback, before there is an actor (the identity is who is
 * asking), so it keeps the (db, identity, policy) shape rather than (deps, actor, input).
 */
export async function linkOAuthAccount(db: Db, input: OAuthIdentity, policy: SignupPolicy) {
  const label = providerLabel(input.provider);
  const linked = await db.account.findUnique({
    where: { provider_providerAccountId: { provider: input.provider, providerAccountId: input.providerAccountId } },
    include: { user: true },
  });

  if (input.linkToUserId) {
    if (linked) {
      if (linked.userId === input.linkToUserId) return linked.user;
      throw refuse("conflict", "linked_elsewhere", `This ${label} account is already connected to another Parley account`);
    }
    if (!input.emailVerified) {
      throw refuse("forbidden", "email_unverified", `${label} did not confirm that its email address is verified, so it cannot be connected`);
    }
    const user = await db.user.findUnique({ where: { id: input.linkToUserId } });
    if (!user) throw new AppError("not_found", "The account to connect to no longer exists");
    await createLink(db, user.id, input);
    return user;
  }

  if (linked) return linked.user;
  const email = input.email.trim().toLowerCase();
  if (!email) throw refuse("bad_request", "no_email", `${label} did not share an email address`);
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) {
    throw refuse("conflict", "email_exists", `An account with this email exists; sign in with your password and connect ${label} in Settings`);
  }
  // Profile names are the provider's, not ours to trust: made one plain line first. The
  // policy is checked by createUser, under its lock (a first account cannot race another).
  const user = await createUser({ db }, { email, name: cleanDisplayName(input.name) || cleanDisplayName(email), policy });
  try {
    await createLink(db, user.id, input);
  } catch (e) {
    // An account nobody can sign in to must not stay behind (the entity takes the user with it).
    await db.entity.delete({ where: { id: user.entityId } }).catch(() => {});
    throw e;
  }
  return user;
}

async function createLink(db: Db, userId: string, input: OAuthIdentity) {
  try {
    await db.account.create({
      data: { userId, provider: input.provider, providerAccountId: input.providerAccountId, type: input.type },
    });
  } catch (e) {
    // Two callbacks for the same identity at once: the loser must not claim it.
    if ((e as { code?: string }).code === "P2002") {
      throw refuse("conflict", "linked_elsewhere", `This ${providerLabel(input.provider)} account is already connected to a Parley account`);
    }
    throw e;
  }
}
