// The Content-Security-Policy, with a fresh nonce per request. App Router pages carry inline
// scripts (Next's bootstrap and RSC payload, our theme script in app/layout.tsx), so
// 'unsafe-inline' would be the alternative; a nonce keeps injected markup from running.
// server/main.ts sets the policy on the response and on the *request* too: Next's renderer
// reads the nonce from the request's content-security-policy header and puts it on its own
// scripts; the layout reads it from NONCE_HEADER. 'strict-dynamic' lets those scripts load
// Next's chunks. Static headers (nosniff, frame denial, HSTS…) are in next.config.js.
import { randomBytes } from "node:crypto";
import { connectSources } from "../auth/origins";

/** Request header carrying the nonce to app/layout.tsx. */
export const NONCE_HEADER = "x-nonce";

export const newNonce = () => randomBytes(16).toString("base64");

/** `host`: the request's Host header, the app's origin when APP_URL is unset. */
export function contentSecurityPolicy(nonce: string, opts: { dev: boolean; host?: string }): string {
  return [
    "default-src 'self'",
    // Next's development build evaluates its modules (React refresh); production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    // React and the UI set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // Socket.IO (and Next's dev reload) over WebSocket, to the app's own origins only: a bare
    // ws: wss: would let injected script carry what it read to any host.
    ["connect-src 'self'", ...connectSources(opts.host)].join(" "),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}
