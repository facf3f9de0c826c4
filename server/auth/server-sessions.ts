// The server side of next-auth's JWT sessions (used by its callbacks in next-auth.ts, kept
// apart so tests call them without Next): sign-in puts a session id in the token, every
// later read checks its Session row, and sign-out deletes the row and closes its sockets.
import type { JWT } from "next-auth/jwt";
import type { Db } from "../db/client";
import type { Deps } from "../domain/deps";
import { createSession, endSession, isSessionLive } from "../domain/users/sessions";
import { SESSION_MAX_AGE_S } from "./session-cookie";

const sidOf = (token: JWT | null | undefined) => (typeof token?.sid === "string" ? token.sid : undefined);

/** At sign-in (jwt callback with `user`): a new Session row, its id in the token. */
export async function startServerSession(db: Db, token: JWT): Promise<JWT> {
  if (token.sub) token.sid = await createSession(db, token.sub, new Date(Date.now() + SESSION_MAX_AGE_S * 1000));
  return token;
}

/** On every later read: the token if its session is live, else null (next-auth then clears the cookie). */
export async function checkServerSession(db: Db, token: JWT): Promise<JWT | null> {
  const sid = sidOf(token);
  // No sid: minted before sessions were kept on the server, so it could never be signed out.
  if (!sid || !token.sub || !(await isSessionLive(db, sid, token.sub))) return null;
  return token;
}

/** Sign-out (next-auth's signOut event): the cookie is refused from now on, even a copy, and its sockets close. */
export async function endServerSession(deps: Pick<Deps, "db" | "events">, token: JWT | null | undefined): Promise<void> {
  const sid = sidOf(token);
  if (sid) await endSession(deps, sid);
}
