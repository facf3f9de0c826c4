// Signed-in sessions. The cookie is a next-auth JWT, which on its own stays valid until it
// expires; each one carries a random session id (`sid`) with a Session row behind it, so
// signing out (one device or all) deletes rows and the cookie stops working at once.
// Checking a session is one lookup by the unique sessionToken.
// These run inside authentication and sign-in/out, keyed by the session id, so they take the
// database (or deps) and ids rather than (deps, actor, input). "Sign out everywhere", which a
// signed-in person asks for, is end-all-sessions.ts.
import { randomBytes } from "node:crypto";
import { rooms } from "@/lib/realtime/events";
import type { Db } from "../../db/client";
import type { Deps } from "../deps";

/** Starts a session for `userId` until `expires`; returns its id (the `sid` claim). */
export async function createSession(db: Db, userId: string, expires: Date): Promise<string> {
  // Sign-in paths refuse a deactivated account first; this is the last door.
  const who = await db.user.findUnique({ where: { id: userId }, select: { deactivatedAt: true } });
  if (who?.deactivatedAt) throw new Error("Refusing a session for a deactivated account");
  const sid = randomBytes(24).toString("base64url");
  await db.session.create({ data: { sessionToken: sid, userId, expires } });
  // Sign-in is rare; forget this user's expired sessions while we are here.
  await db.session.deleteMany({ where: { userId, expires: { lt: new Date() } } });
  return sid;
}

/** The one rule for a session row: it is `userId`'s and has not expired (a signed-out one has no row). */
export function isLiveSessionRow(row: { userId: string; expires: Date | string } | null | undefined, userId: string): boolean {
  return !!row && row.userId === userId && new Date(row.expires) > new Date();
}

/** The user behind a live session (with its entity), or null when it ended, expired or is someone else's. */
export async function userForSession(db: Db, sid: string, userId: string) {
  const row = await db.session.findUnique({ where: { sessionToken: sid }, include: { user: { include: { entity: true } } } });
  // Deactivation deletes the sessions; this refuses one a sign-in raced in meanwhile.
  return isLiveSessionRow(row, userId) && !row!.user.deactivatedAt ? row!.user : null;
}

export async function isSessionLive(db: Db, sid: string, userId: string): Promise<boolean> {
  return isLiveSessionRow(await db.session.findUnique({ where: { sessionToken: sid }, select: { userId: true, expires: true } }), userId);
}

/** Sign-out: the session's cookie stops working and its sockets close. */
export async function endSession({ db, events }: Pick<Deps, "db" | "events">, sid: string): Promise<void> {
  await db.session.deleteMany({ where: { sessionToken: sid } });
  events.disconnect(rooms.session(sid));
}
