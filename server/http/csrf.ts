// Cross-site request forgery: a page on another site can make the browser send our session
// cookie with a POST (a form, or a body-less fetch), so every state-changing request made
// with the cookie must come from our own pages. Browsers say where a request comes from in
// Sec-Fetch-Site (all current ones) or Origin; a request with neither is not a browser's
// cross-site request (curl, scripts) and passes. Bearer-token callers are not checked: a
// browser never attaches a token on its own.
import { isAllowedOrigin } from "../auth/origins";
import { AppError } from "../domain/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function assertSameOrigin(req: Request): void {
  if (SAFE_METHODS.has(req.method)) return;
  const site = req.headers.get("sec-fetch-site");
  // "none": the user's own action (address bar, bookmark), never another page's.
  if (site === "same-origin" || site === "none") return;
  const origin = req.headers.get("origin");
  // same-site or cross-site: only an origin the app lists (APP_URL, ALLOWED_ORIGINS) may act.
  if (origin !== null) {
    if (isAllowedOrigin(origin, req.headers.get("host") ?? hostOf(req.url))) return;
  } else if (site === null) return;
  throw new AppError("forbidden", "Cross-site request refused: send it from the app's own pages");
}

// Route handlers get the Host header; a Request built by hand (tests) may only have its URL.
function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}
