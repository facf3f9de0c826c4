// What server/main.ts does to every HTTP request before Next sees it (Socket.IO's requests
// excepted): record the client IP for rate limits (client-ip.ts), refuse a declared body
// over MAX_BODY_BYTES on the API before anything reads it, refuse sign-ins and sign-ups from
// an address that is rate limited or already has its share in progress, and give the page its CSP nonce.
import type { IncomingMessage, ServerResponse } from "node:http";
import { BUSY_REFUSAL_HOLD_MS, HASHING_POSTS_MAX, HASHING_POSTS_PER_ADDRESS, MAX_HELD_REFUSALS, type RateLimitName } from "@/lib/limits";
import { AppError, isAppError, toErrorBody } from "../domain/errors";
import { OncePerWindow } from "../limits/once-per-window";
import { type RateLimits, retryAfterOf } from "../limits/rate-limits";
import { log } from "../log";
import { CLIENT_IP_HEADER, setClientIpHeader } from "./client-ip";
import { contentSecurityPolicy, newNonce, NONCE_HEADER } from "./csp";
import { bodyTooLarge, declaresTooLarge } from "./read-body";

// The POSTs that spend a password hash, and the per-address limit each one checks. Their
// limits are checked in the route too, before any hash; here they are checked first so an
// address that is already refused costs next to nothing (no Next, no next-auth, no body).
const HASHING_POSTS = new Map<string, RateLimitName>([
  ["/api/auth/callback/credentials", "signInPerIp"],
  ["/api/signup", "signupPerIp"],
  ["/api/invites/accept", "linkUsesPerIp"],
  ["/api/reset", "linkUsesPerIp"],
]);
// In progress per address and in all: each one runs Next, next-auth (or the handler) and a
// database lookup before it waits its turn for a hash, and that work, not the hashing, is what
// everyone else would wait behind in a flood. So one address gets HASHING_POSTS_PER_ADDRESS
// (its hash and its turn in the queue), and its others are refused here; other addresses still
// come in. Process-wide, as the hashing queue is.
const inProgress = new Map<string, number>();
let inProgressTotal = 0;
let refusalsHeld = 0;
const busyLogged = new OncePerWindow(60_000);

function answer(res: ServerResponse, status: number, error: AppError, headers: Record<string, string> = {}): false {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify({ error: toErrorBody(error) }));
  return false;
}

/**
 * A refusal at the door (503 busy, or 429 when the address is rate limited), answered after
 * BUSY_REFUSAL_HOLD_MS. A client that ignores Retry-After otherwise gets a thousand refusals a
 * second, and parsing those requests becomes what everyone else waits behind; held, each of its
 * connections makes one request a second. Holding costs an open socket and a timer, so at most
 * MAX_HELD_REFUSALS are held; the rest are answered at once.
 */
function refuseHeld(res: ServerResponse, error: AppError): false {
  const retryAfterS = retryAfterOf(error) ?? 1;
  const send = () => answer(res, error.code === "rate_limited" ? 429 : 503, error, { "retry-after": String(retryAfterS) });
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

const busy = () => new AppError("busy", "The server is busy; try again in a moment", { retryAfterS: 1 });

/** Lets a hashing POST in for `ip`, or refuses it at the door; false when it was answered here. */
async function admitHashingPost(req: IncomingMessage, res: ServerResponse, limit: RateLimitName, limits: RateLimits | undefined): Promise<boolean> {
  const ip = String(req.headers[CLIENT_IP_HEADER] ?? "unknown");
  const mine = inProgress.get(ip) ?? 0;
  if (mine >= HASHING_POSTS_PER_ADDRESS || inProgressTotal >= HASHING_POSTS_MAX) {
    if (busyLogged.first(mine >= HASHING_POSTS_PER_ADDRESS ? "address" : "all")) {
      log.warn({ path: req.url, ip, mine, all: inProgressTotal }, "sign-ins and sign-ups refused at the door: as many in progress as are let in");
    }
    return refuseHeld(res, busy());
  }
  // Counted before the limit check, so an address cannot slip more in while that check awaits.
  inProgress.set(ip, mine + 1);
  inProgressTotal++;
  let counted = true;
  const uncount = () => {
    if (!counted) return;
    counted = false;
    inProgressTotal--;
    const left = (inProgress.get(ip) ?? 1) - 1;
    if (left > 0) inProgress.set(ip, left);
    else inProgress.delete(ip);
  };
  // "close" comes once the response is sent or the client went away, either way.
  res.once("close", uncount);
  try {
    await limits?.check(limit, ip);
    return true;
  } catch (e) {
    uncount();
    if (isAppError(e)) return refuseHeld(res, e);
    throw e;
  }
}

/** Prepares `req` for Next; false when it was answered here (413, 429, 503) and Next must not run. */
export async function prepareRequest(
  req: IncomingMessage,
  res: ServerResponse,
  opts: { trustProxy: boolean; dev: boolean; limits?: RateLimits },
): Promise<boolean> {
  setClientIpHeader(req, opts.trustProxy);

  const path = req.url ?? "/";
  // Every API handler enforces the limit while reading too (chunked bodies); this answers
  // the declared case without starting a route at all.
  if (path.startsWith("/api/") && declaresTooLarge(req.headers["content-length"])) {
    // The unread body is still on the wire; closing is cheaper than draining it.
    return answer(res, 413, bodyTooLarge(), { connection: "close" });
  }
  const limit = req.method === "POST" ? HASHING_POSTS.get(path.split("?")[0]!) : undefined;
  if (limit && !(await admitHashingPost(req, res, limit, opts.limits))) return false;

  const nonce = newNonce();
  const csp = contentSecurityPolicy(nonce, { dev: opts.dev, host: req.headers.host });
  res.setHeader("content-security-policy", csp);
  // Overwrites whatever the client sent under these names.
  req.headers["content-security-policy"] = csp;
  req.headers[NONCE_HEADER] = nonce;
  return true;
}
