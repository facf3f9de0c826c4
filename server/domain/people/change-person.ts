// Role changes and (re)activation. Every change is audited in its own transaction. The "last
// admin" rule (nobody may demote or deactivate the workspace's last active admin) is checked
// under a transaction-scoped advisory lock, so two admins demoting each other at once cannot
// both succeed and leave nobody in charge.
import { rooms } from "@/lib/realtime/events";
import type { Prisma } from "@/generated/prisma/client";
import { recordAudit } from "../audit/record-audit";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { assertAdmin } from "./require-admin";

const ADMINS_LOCK = "parley:admins";

async function lockedTarget(tx: Prisma.TransactionClient, userId: string) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${ADMINS_LOCK}))`;
  const user = await tx.user.findUnique({ where: { id: userId }, include: { entity: { select: { name: true } } } });
  if (!user) throw new AppError("not_found", "No such person");
  return user;
}

async function assertNotLastAdmin(tx: Prisma.TransactionClient, userId: string) {
  const others = await tx.user.count({ where: { isAdmin: true, deactivatedAt: null, id: { not: userId } } });
  if (others === 0) throw new AppError("conflict", "This is the last admin: make someone else an admin first");
}

export async function setRole({ db }: Pick<Deps, "db">, actor: Actor, input: { userId: string; role: "admin" | "member" }) {
  assertAdmin(actor, "change roles");
  return db.$transaction(async (tx) => {
    const user = await lockedTarget(tx, input.userId);
    const isAdmin = input.role === "admin";
    if (user.isAdmin === isAdmin) return { changed: false };
    if (!isAdmin && !user.deactivatedAt) await assertNotLastAdmin(tx, user.id);
    await tx.user.update({ where: { id: user.id }, data: { isAdmin } });
    await recordAudit(tx, actor, {
      action: "person.role",
      subject: `person ${user.entity.name}`,
      before: { role: user.isAdmin ? "admin" : "member" },
      after: { role: input.role },
    });
    return { changed: true };
  });
}

/**
 * Deactivation ends everything at once: sessions are deleted and API tokens revoked (so the
 * existing checks refuse their cookies and tokens), and their sockets are disconnected.
 * Sign-in refuses a deactivated account (verify-credentials.ts, the OAuth callback).
 * Messages stay, shown with "(deactivated)". Runs already queued for them are left alone.
 * Reactivation lets them sign in again; revoked tokens stay revoked.
 */
export async function setActive({ db, events }: Pick<Deps, "db" | "events">, actor: Actor, input: { userId: string; active: boolean }) {
  assertAdmin(actor, input.active ? "reactivate people" : "deactivate people");
  const ended = await db.$transaction(async (tx) => {
    const user = await lockedTarget(tx, input.userId);
    if (!user.deactivatedAt === input.active) return null;
    if (!input.active && user.isAdmin) await assertNotLastAdmin(tx, user.id);
    await tx.user.update({ where: { id: user.id }, data: { deactivatedAt: input.active ? null : new Date() } });
    await recordAudit(tx, actor, {
      action: input.active ? "person.reactivate" : "person.deactivate",
      subject: `person ${user.entity.name}`,
      before: { status: input.active ? "deactivated" : "active" },
      after: { status: input.active ? "active" : "deactivated" },
    });
    if (input.active) return { sessions: [], tokens: [] };
    const sessions = await tx.$queryRaw<{ sessionToken: string }[]>`DELETE FROM "Session" WHERE "userId" = ${user.id} RETURNING "sessionToken"`;
    const tokens = await tx.$queryRaw<{ id: string }[]>`
      UPDATE "ApiToken" SET "revokedAt" = now() WHERE "userId" = ${user.id} AND "revokedAt" IS NULL RETURNING id`;
    return { sessions, tokens };
  });
  if (!ended) return { changed: false };
  // After the commit: a socket that reconnects meanwhile finds no live credential.
  for (const s of ended.sessions) events.disconnect(rooms.session(s.sessionToken));
  for (const t of ended.tokens) events.disconnect(rooms.token(t.id));
  return { changed: true };
}
