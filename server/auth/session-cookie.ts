// The next-auth session cookie, read outside Next: the Socket.IO handshake and the
// framework-free API handlers decode the same JWT next-auth issued at sign-in.
import { encode } from "next-auth/jwt";
import { decodeSessionJwt } from "./decode-session-jwt";
import type { Db } from "../db/client";
import { createSession } from "../domain/users/sessions";

export const SESSION_COOKIE = "authjs.session-token";
export const SECURE_SESSION_COOKIE = "__Secure-authjs.session-token";
/** Sessions last 30 days from sign-in (next-auth's default): the Session row's expiry, which re-issued cookies do not extend. */
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

/**
 * Cookies already decrypted and verified, until their own expiry: decoding one costs about a
 * millisecond of key derivation and decryption, and every socket handshake and API call
 * decodes its cookie (a tab that reconnects, or one person's many tabs, repeat the same one). Only the signature check
 * is remembered; whether the session is still live is asked of the database every time.
 */
const decoded = new Map<string, { userId: string; sid: string; expiresAt: number }>();
const MAX_DECODED = 10_000;

function remember(key: string, entry: { userId: string; sid: string; expiresAt: number }): void {
  if (decoded.size >= MAX_DECODED) decoded.delete(decoded.keys().next().value!); // oldest first
  decoded.set(key, entry);
}

/**
 * The user id and session id in a validly signed session cookie, or null. Chunked cookies
 * (.0, .1…) are joined. Whether the session is still live is the caller's check (a
 * Session row, see authenticate.ts): the signature alone outlives a sign-out.
 */
export async function sessionFromCookieHeader(header: string | undefined | null, secret: string): Promise<{ userId: string; sid: string } | null> {
  const cookies = parseCookies(header);
  for (const name of [SECURE_SESSION_COOKIE, SESSION_COOKIE]) {
    const value = cookies[name] ?? joinChunks(cookies, name);
    if (!value) continue;
    const known = decoded.get(`${secret}\n${name}\n${value}`);
    if (known && known.expiresAt > Date.now()) return { userId: known.userId, sid: known.sid };
    try {
      const token = await decodeSessionJwt(value, secret, name);
      // A token without a session id predates server-side sessions and cannot be signed out: refused.
      if (token?.sub && typeof token.sid === "string") {
        remember(`${secret}\n${name}\n${value}`, { userId: token.sub, sid: token.sid, expiresAt: (token.exp ?? 0) * 1000 });
        return { userId: token.sub, sid: token.sid };
      }
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

/** A signed-in session for a user, as next-auth's sign-in would start it (tests, benchmarks). */
export async function mintSessionCookie(db: Db, userId: string, secret: string): Promise<string> {
  const sid = await createSession(db, userId, new Date(Date.now() + SESSION_MAX_AGE_S * 1000));
  const value = await encode({ token: { sub: userId, sid }, secret, salt: SESSION_COOKIE, maxAge: SESSION_MAX_AGE_S });
  return `${SESSION_COOKIE}=${value}`;
}
