// The next-auth session cookie, read outside Next: the Socket.IO handshake and the
// framework-free API handlers decode the same JWT next-auth issued at sign-in.
import { decode, encode } from "next-auth/jwt";

export const SESSION_COOKIE = "authjs.session-token";
export const SECURE_SESSION_COOKIE = "__Secure-authjs.session-token";
/** Sessions last 30 days, next-auth's default. */
export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

export function parseCookies(header: string | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    if (!k) continue;
    try {
      out[k] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      out[k] = part.slice(i + 1).trim();
    }
  }
  return out;
}

/** The user id in a valid session cookie, or null. Chunked cookies (.0, .1…) are joined. */
export async function userIdFromCookieHeader(header: string | undefined | null, secret: string): Promise<string | null> {
  const cookies = parseCookies(header);
  for (const name of [SECURE_SESSION_COOKIE, SESSION_COOKIE]) {
    const value = cookies[name] ?? joinChunks(cookies, name);
    if (!value) continue;
    try {
      const token = await decode({ token: value, secret, salt: name });
      if (token?.sub) return token.sub;
    } catch {
      // A forged or expired cookie is simply no session.
    }
  }
  return null;
}

function joinChunks(cookies: Record<string, string>, name: string): string | undefined {
  const parts: string[] = [];
  for (let i = 0; cookies[`${name}.${i}`] !== undefined; i++) parts.push(cookies[`${name}.${i}`]!);
  return parts.length ? parts.join("") : undefined;
}

/** A session cookie value for a user, as next-auth would issue it (tests, benchmarks). */
export async function mintSessionCookie(userId: string, secret: string): Promise<string> {
  const value = await encode({ token: { sub: userId }, secret, salt: SESSION_COOKIE, maxAge: SESSION_MAX_AGE_S });
  return `${SESSION_COOKIE}=${value}`;
}
