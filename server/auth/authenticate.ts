// Who is calling: a personal API token (Authorization: Bearer pk_…) or the session cookie.
// Used by the socket handshake and by every API handler, so both paths agree.
import type { Db } from "../db/client";
import type { Actor } from "../domain/deps";
import { userForApiToken } from "../domain/users/api-tokens";
import { userIdFromCookieHeader } from "./session-cookie";

export interface AuthedUser extends Actor {
  userId: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

export async function authenticate(
  db: Db,
  secret: string,
  headers: { authorization?: string | null; cookie?: string | null },
): Promise<AuthedUser | null> {
  const auth = headers.authorization;
  if (auth?.toLowerCase().startsWith("bearer ")) {
    const user = await userForApiToken(db, auth.slice(7).trim());
    return user ? toAuthed(user) : null;
  }
  const userId = await userIdFromCookieHeader(headers.cookie, secret);
  if (!userId) return null;
  const user = await db.user.findUnique({ where: { id: userId }, include: { entity: true } });
  return user ? toAuthed(user) : null;
}

function toAuthed(user: { id: string; email: string; isAdmin: boolean; entityId: string; entity: { name: string } }): AuthedUser {
  return { userId: user.id, entityId: user.entityId, name: user.entity.name, email: user.email, isAdmin: user.isAdmin };
}
