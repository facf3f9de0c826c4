// What server/main.ts does to every HTTP request before Next sees it (Socket.IO's requests
// excepted): record the client IP for rate limits (client-ip.ts), refuse a declared body
// over MAX_BODY_BYTES on the API before anything reads it, refuse sign-ins and sign-ups
// while as many are in progress as can hash a password at once, and give the page its CSP nonce.
import type { IncomingMessage, ServerResponse } from "node:http";
import { BUSY_REFUSAL_HOLD_MS, MAX_CONCURRENT_PASSWORD_HASHES, MAX_HELD_REFUSALS } from "@/lib/limits";
import { AppError, toErrorBody } from "../domain/errors";
import { OncePerWindow } from "../limits/once-per-window";
import { log } from "../log";
import { setClientIpHeader } from "./client-ip";
import { contentSecurityPolicy, newNonce, NONCE_HEADER } from "./csp";
import { bodyTooLarge, declaresTooLarge } from "./read-body";

// The POSTs that spend a password hash. Past MAX_CONCURRENT_PASSWORD_HASHES at once they end
// in 503 anyway, but only after Next, next-auth (or the handler) and a database lookup have
// run: for a botnet of sign-ins, that work, not the hashing, is what everyone else waits
// behind. So no more of them are let in at once than could hash at once; the rest are
// refused here, for next to nothing. Process-wide, as the hashing limit is.
const HASHING_POSTS = new Set(["/api/auth/callback/credentials", "/api/signup"]);
let hashingPostsInFlight = 0;
let refusalsHeld = 0;
const busyLogged = new OncePerWindow(60_000);

function answer(res: ServerResponse, status: number, error: AppError, headers: Record<string, string> = {}): false {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify({ error: toErrorBody(error) }));
  return false;
}

/**
 * The answer the route gives when no hashing slot is free (server/domain/users/password.ts),
 * held for its Retry-After first. A botnet that ignores Retry-After otherwise gets a thousand
 * refusals a second, and parsing those requests, not hashing, becomes what everyone else
 * waits behind; held, each of its connections makes one request a second. Holding costs an
 * open socket and a timer, so at most MAX_HELD_REFUSALS are held; the rest are answered at once.
 */
function refuseBusy(res: ServerResponse): false {
  const send = () => answer(res, 503, new AppError("busy", "The server is busy; try again in a moment", { retryAfterS: 1 }), { "retry-after": "1" });
  if (refusalsHeld >= MAX_HELD_REFUSALS) return send();
  refusalsHeld++;
  const timer = setTimeout(() => {
    if (!res.destroyed) send();
  }, BUSY_REFUSAL_HOLD_MS);
  res.once("close", () => {
    clearTimeout(timer);
    refusalsHeld--;
  });
  return false;
}

/** Prepares `req` for Next; false when it was answered here (413, 503) and Next must not run. */
export function prepareRequest(req: IncomingMessage, res: ServerResponse, opts: { trustProxy: boolean; dev: boolean }): boolean {
  setClientIpHeader(req, opts.trustProxy);

  const path = req.url ?? "/";
  // Every API handler enforces the limit while reading too (chunked bodies); this answers
  // the declared case without starting a route at all.
  if (path.startsWith("/api/") && declaresTooLarge(req.headers["content-length"])) {
    // The unread body is still on the wire; closing is cheaper than draining it.
    return answer(res, 413, bodyTooLarge(), { connection: "close" });
  }
  if (req.method === "POST" && HASHING_POSTS.has(path.split("?")[0]!)) {
    if (hashingPostsInFlight >= MAX_CONCURRENT_PASSWORD_HASHES) {
      if (busyLogged.first("hashing")) log.warn({ path }, "sign-ins and sign-ups refused at the door: as many in progress as can hash at once");
      return refuseBusy(res);
    }
    hashingPostsInFlight++;
    // "close" comes once the response is sent or the client went away, either way.
    res.once("close", () => hashingPostsInFlight--);
  }

  const nonce = newNonce();
  const csp = contentSecurityPolicy(nonce, { dev: opts.dev, host: req.headers.host });
  res.setHeader("content-security-policy", csp);
  // Overwrites whatever the client sent under these names.
  req.headers["content-security-policy"] = csp;
  req.headers[NONCE_HEADER] = nonce;
  return true;
}
