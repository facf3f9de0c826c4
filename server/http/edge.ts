// What server/main.ts does to every HTTP request before Next sees it (Socket.IO's requests
// excepted): record the client IP for rate limits (client-ip.ts), refuse a declared body
// over MAX_BODY_BYTES on the API before anything reads it, and give the page its CSP nonce.
import type { IncomingMessage, ServerResponse } from "node:http";
import { toErrorBody } from "../domain/errors";
import { setClientIpHeader } from "./client-ip";
import { contentSecurityPolicy, newNonce, NONCE_HEADER } from "./csp";
import { bodyTooLarge, declaresTooLarge } from "./read-body";

/** Prepares `req` for Next; false when it was answered here (413) and Next must not run. */
export function prepareRequest(req: IncomingMessage, res: ServerResponse, opts: { trustProxy: boolean; dev: boolean }): boolean {
  setClientIpHeader(req, opts.trustProxy);

  const path = req.url ?? "/";
  // Every API handler enforces the limit while reading too (chunked bodies); this answers
  // the declared case without starting a route at all.
  if (path.startsWith("/api/") && declaresTooLarge(req.headers["content-length"])) {
    res.writeHead(413, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      // The unread body is still on the wire; closing is cheaper than draining it.
      connection: "close",
    });
    res.end(JSON.stringify({ error: toErrorBody(bodyTooLarge()) }));
    return false;
  }

  const nonce = newNonce();
  const csp = contentSecurityPolicy(nonce, { dev: opts.dev });
  res.setHeader("content-security-policy", csp);
  // Overwrites whatever the client sent under these names.
  req.headers["content-security-policy"] = csp;
  req.headers[NONCE_HEADER] = nonce;
  return true;
}
