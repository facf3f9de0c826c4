import type { Deps } from "../deps";
import { displayName } from "@/lib/display-name";
import { AppError } from "../errors";
import { hashPassword, MIN_PASSWORD_LENGTH } from "./password";
import { avatarColorFor } from "../entities/avatar-color";

export interface NewUser {
  email: string;
  name: string;
  /** Omitted for OAuth-only accounts. */
  password?: string;
  isAdmin?: boolean;
}

/**
 * A human account and its entity. The first account in an empty workspace becomes an
 * admin. New people join #general when it exists, as in Slack. No actor: nobody is signed in
 * when an account is made (sign-up, a first OAuth sign-in, scripts), so this takes (deps, input).
 * It announces nothing; sign-up.ts tells the new member's spaces.
 */
export async function createUser({ db }: Pick<Deps, "db">, input: NewUser) {
  const email = input.email.trim().toLowerCase();
  // Every path that makes an account (sign-up, OAuth, scripts) gets the same one-line name rule.
  const name = displayName.safeParse(input.name);
  if (!name.success) throw new AppError("bad_request", name.error.issues[0]?.message ?? "Invalid name");
  if (input.password !== undefined && input.password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError("bad_request", `Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  // Hash before looking the email up: a taken email then costs as long as a free one, so
  // only the 409 itself (kept on purpose) says the account exists, not the timing.
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  if (await db.user.findUnique({ where: { email } })) throw new AppError("conflict", "An account with this email exists");
  const isFirst = (await db.user.count()) === 0;
  const general = await db.space.findFirst({ where: { kind: "channel", name: "general", archivedAt: null } });
  try {
    return await db.user.create({
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
  } catch (e) {
    if ((e as { code?: string }).code === "P2002") throw new AppError("conflict", "An account with this email exists");
    throw e;
  }
}
