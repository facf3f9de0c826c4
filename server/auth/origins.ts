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
