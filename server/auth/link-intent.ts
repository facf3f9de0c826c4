// "Connect GitHub" from Settings: the signed-in user's wish to link, carried across the
// provider's redirect in a short-lived cookie. It is HMAC-signed with AUTH_SECRET (so it
// cannot be forged or pointed at another user), httpOnly, SameSite=Lax (the provider's
// redirect back is a top-level GET from another site, which Strict would not send it on),
// and only sent to /api/auth, where next-auth's callback reads and deletes it.
import { createHmac, timingSafeEqual } from "node:crypto";

export const LINK_COOKIE = "parley-link";
export const LINK_COOKIE_PATH = "/api/auth";
export const LINK_INTENT_TTL_MS = 10 * 60 * 1000;

export interface LinkIntent {
  userId: string;
  provider: string;
  /** Expiry, ms since the epoch. */
  exp: number;
}

const mac = (payload: string, secret: string) => createHmac("sha256", secret).update(`parley-link:${payload}`).digest("base64url");

export function signLinkIntent(intent: { userId: string; provider: string }, secret: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ ...intent, exp: now + LINK_INTENT_TTL_MS })).toString("base64url");
  return `${payload}.${mac(payload, secret)}`;
}

/** The intent in a cookie value, or null when it is missing, forged, malformed or expired. */
export function verifyLinkIntent(value: string | undefined | null, secret: string, now = Date.now()): LinkIntent | null {
  if (!value) return null;
  const [payload, sig, extra] = value.split(".");
  if (!payload || !sig || extra !== undefined) return null;
  const expected = Buffer.from(mac(payload, secret));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<LinkIntent>;
    if (typeof data.userId !== "string" || typeof data.provider !== "string" || typeof data.exp !== "number") return null;
    if (data.exp <= now) return null;
    return { userId: data.userId, provider: data.provider, exp: data.exp };
  } catch {
    return null;
  }
}

/** Set-Cookie for a new intent; `secure` when the browser reached us over HTTPS. */
export function linkIntentSetCookie(value: string, secure: boolean): string {
  return [
    `${LINK_COOKIE}=${value}`,
    `Path=${LINK_COOKIE_PATH}`,
    `Max-Age=${LINK_INTENT_TTL_MS / 1000}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
