// JSON responses and the one error shape: { error: { code, message } }, status from the
// AppError code. Every refusal is logged here, so no handler can forget to.
import { isAppError, toErrorBody } from "../domain/errors";
import { log } from "../log";

// API answers are per-caller; no proxy or browser cache may keep them.
const HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: HEADERS });
}

export function noContent(): Response {
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
}

/** The response for anything a handler threw; `context` (e.g. the caller) goes to the log only. */
export function errorResponse(e: unknown, req: Request, context: Record<string, unknown> = {}): Response {
  // Only the path: query strings and headers (tokens, cookies) stay out of the logs.
  const where = { method: req.method, path: new URL(req.url).pathname, ...context };
  if (isAppError(e)) {
    // rate_limited is logged once per window by the limiter itself.
    if (e.code !== "rate_limited") log.info({ ...where, status: e.status, code: e.code }, `http refused: ${e.message}`);
    const res = json({ error: toErrorBody(e) }, e.status);
    const retryAfterS = (e.details as { retryAfterS?: number } | undefined)?.retryAfterS;
    if (retryAfterS) res.headers.set("retry-after", String(retryAfterS));
    return res;
  }
  log.error({ ...where, err: e }, "http handler failed");
  return json({ error: toErrorBody(e) }, 500);
}
