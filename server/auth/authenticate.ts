// Who is calling: a personal API token (Authorization: Bearer pk_…) or the session cookie.
// Used by the socket handshake and by every API handler, so both paths agree.
import type { Db } from "../db/client";
import type { Actor } from "../domain/deps";
import { userForApiToken } from "../domain/users/api-token-auth";
import type { SessionUser } from "../domain/users/connect-lookups";
import { userForSession } from "../domain/users/sessions";
import { sessionFromCookieHeader } from "./session-cookie";

export interface AuthedUser extends Actor {
  userId: string;
  name: string;
  email: string;
  isAdmin: boolean;
  /** Set when the caller used an API token: revoking it ends what it opened. */
  tokenId?: string;
  /** Set when the caller used the session cookie: signing out ends what it opened. */
  sid?: string;
  /** The spaces its entity was a member of, when the session lookup read them too (socket setup). */
  spaceIds?: string[];
}

/**
 * `sessions` looks a session up; socket setup passes its coalesced lookup (connect-lookups.ts)
 * so that a burst of connections shares queries. HTTP handlers use the one-row lookup.
 */
export async function authenticate(
  db: Db,
  secret: string,
  headers: { authorization?: string | null; cookie?: string | null },
  sessions: (sid: string, userId: string) => Promise<(Omit<SessionUser, "spaceIds"> & { spaceIds?: string[] }) | null> = (sid, userId) =>
    userForSession(db, sid, userId),
): Promise<AuthedUser | null> {
  const auth = headers.authorization;
  if (auth?.toLowerCase().startsWith("bearer ")) {
    const user = await userForApiToken(db, auth.slice(7).trim());
    return user ? { ...toAuthed(user), tokenId: user.tokenId } : null;
  }
  const session = await sessionFromCookieHeader(headers.cookie, secret);
  if (!session) return null;
  // The signature is not enough: the session must not have been signed out (one indexed lookup).
  const user = await sessions(session.sid, session.userId);
  return user ? { ...toAuthed(user), sid: session.sid, spaceIds: user.spaceIds } : null;
}

function toAuthed(user: { id: string; email: string; isAdmin: boolean; entityId: string; entity: { name: string } }): AuthedUser {
  return { userId: user.id, entityId: user.entityId, name: user.entity.name, email: user.email, isAdmin: user.isAdmin };
}
