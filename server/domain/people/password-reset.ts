// Admin-issued password reset links, for a person who forgot theirs (Parley sends no mail, so
// the admin passes the link on). Shown once, hashed at rest, single use, valid for an hour.
// Using one sets the new password and ends every session of that person.
import { rooms } from "@/lib/realtime/events";
import { PASSWORD_RESET_TTL_MS } from "@/lib/limits";
import { recordAudit } from "../audit/record-audit";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { hashPassword, MIN_PASSWORD_LENGTH } from "../users/password";
import { hashToken, newLinkToken, RESET_TOKEN_PREFIX } from "./link-token";
import { assertAdmin } from "./require-admin";

export async function issuePasswordReset({ db }: Pick<Deps, "db">, actor: Actor, input: { userId: string }) {
  assertAdmin(actor, "issue password reset links");
  const { token, tokenHash } = newLinkToken(RESET_TOKEN_PREFIX);
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MS);
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: input.userId }, include: { entity: { select: { name: true } } } });
    if (!user) throw new AppError("not_found", "No such person");
    if (user.deactivatedAt) throw new AppError("conflict", "This person is deactivated: reactivate them first");
    await tx.passwordReset.create({ data: { tokenHash, userId: user.id, expiresAt } });
    await recordAudit(tx, actor, { action: "person.password_reset", subject: `person ${user.entity.name}`, after: { expiresAt: expiresAt.toISOString() } });
  });
  return { token, expiresAt: expiresAt.toISOString() };
}

const INVALID = "This password reset link is not valid, was already used, or has expired. Ask an admin for a new one.";

/** For the /reset/<token> page. */
export async function checkPasswordReset({ db }: Pick<Deps, "db">, token: string): Promise<boolean> {
  if (!token.startsWith(RESET_TOKEN_PREFIX)) return false;
  const row = await db.passwordReset.findUnique({ where: { tokenHash: hashToken(token) }, include: { user: { select: { deactivatedAt: true } } } });
  return !!row && !row.usedAt && row.expiresAt > new Date() && !row.user.deactivatedAt;
}

/** Sets the password (sign-up's length rule) and ends every session: whoever had the old one is out. */
export async function usePasswordReset({ db, events }: Pick<Deps, "db" | "events">, input: { token: string; password: string; hashQueue?: string }) {
  if (input.password.length < MIN_PASSWORD_LENGTH) throw new AppError("bad_request", `Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (!input.token.startsWith(RESET_TOKEN_PREFIX)) throw new AppError("forbidden", INVALID);
  const passwordHash = await hashPassword(input.password, input.hashQueue);
  const ended = await db.$transaction(async (tx) => {
    // One conditional UPDATE claims the link: two uses at once cannot both pass.
    const claimed = await tx.$queryRaw<{ userId: string }[]>`
      UPDATE "PasswordReset" r SET "usedAt" = now() FROM "User" u
      WHERE r."tokenHash" = ${hashToken(input.token)} AND r."usedAt" IS NULL AND r."expiresAt" > now()
        AND u.id = r."userId" AND u."deactivatedAt" IS NULL
      RETURNING r."userId"`;
    const userId = claimed[0]?.userId;
    if (!userId) throw new AppError("forbidden", INVALID);
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    return tx.$queryRaw<{ sessionToken: string }[]>`DELETE FROM "Session" WHERE "userId" = ${userId} RETURNING "sessionToken"`;
  });
  for (const s of ended) events.disconnect(rooms.session(s.sessionToken));
}
