// Which browser origins may act with a user's cookie: the app's own address (APP_URL, or,
// when it is unset, whatever Host the request came to) plus any listed in ALLOWED_ORIGINS.
// A page on another site can make the browser send our cookie; its Origin header gives it away.
import { env } from "../env";

function originOf(value: string): string | null {
  try {
    const u = new URL(value.trim());
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : null;
  } catch {
    return null;
  }
}

export function isAllowedOrigin(origin: string, host: string | undefined): boolean {
  const o = originOf(origin); // "null" (sandboxed frames, file://) is never ours
  if (!o) return false;
  const e = env();
  if (e.APP_URL && originOf(e.APP_URL) === o) return true;
  if (e.ALLOWED_ORIGINS?.split(",").some((a) => originOf(a) === o)) return true;
  if (e.APP_URL || !host) return false;
  // No APP_URL: same host and port as the request, both normalised the way URL does.
  try {
    const { protocol, host: originHost } = new URL(o);
    return originHost === new URL(`${protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/**
 * Where the page may open connections (CSP connect-src), beyond 'self': the WebSocket forms
 * (ws:, wss:) of the app's own origins, and the origins in ALLOWED_ORIGINS with theirs.
 * Without APP_URL the request's own host, in both ws and wss forms (behind a TLS proxy the
 * server cannot tell which the browser uses). A Host that is not a plain host[:port] adds
 * nothing: it is copied into a response header.
 */
export function connectSources(host: string | undefined): string[] {
  const e = env();
  const out = new Set<string>();
  const add = (origin: string | null) => {
    if (!origin) return;
    out.add(origin);
    out.add(origin.replace(/^http/, "ws"));
  };
  if (e.APP_URL) add(originOf(e.APP_URL));
  for (const a of e.ALLOWED_ORIGINS?.split(",") ?? []) if (a.trim()) add(originOf(a));
  if (!e.APP_URL && host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) {
    try {
      const h = new URL(`http://${host}`).host;
      out.add(`ws://${h}`);
      out.add(`wss://${h}`);
    } catch {
      // not a host: nothing added
    }
  }
  return [...out];
}
