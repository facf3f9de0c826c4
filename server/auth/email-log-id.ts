// What logs and rate-limit keys say instead of an email: the one place emails are turned into
// ids. An HMAC keyed by the server's secret (AUTH_SECRET, or the one generated under .data/),
// not a bare hash: anyone with the logs and a list of addresses could hash the list and read
// who tried to sign in. Without a secret (some tests, tools) a random key for this process
// keeps ids unreadable; they then match only within the process.
import { createHmac, randomBytes } from "node:crypto";
import { env } from "../env";

let fallbackKey: Buffer | undefined;

/** 16 hex chars of HMAC-SHA256(secret, email as stored: trimmed, lowercased). */
export function emailLogId(email: string): string {
  const secret = env().AUTH_SECRET ?? (fallbackKey ??= randomBytes(32));
  // Its own label, so this HMAC is never the same value as another use of the secret.
  return createHmac("sha256", secret).update(`parley email log id\0${email.trim().toLowerCase()}`).digest("hex").slice(0, 16);
}
