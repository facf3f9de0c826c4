// What next-auth's POST routes (/api/auth/*) get before next-auth sees them, since next-auth
// itself reads any body whole: the body limit (413, for chunked bodies too), the JSON depth
// limit (400), and, for the credentials callback, the answer to a sign-in that authorize()
// refused for a reason of its own: 429 (rate limited, with Retry-After) or 503 (busy),
// in the usual { error: { code, message } } shape instead of next-auth's generic failure.
import { withSignInAttempt } from "../auth/credentials-sign-in";
import { assertJsonDepth } from "./json-depth";
import { readBody } from "./read-body";
import { errorResponse } from "./respond";

export type WebHandler = (req: Request) => Promise<Response>;

export function guardAuthRoute(inner: WebHandler): WebHandler {
  return async (req) => {
    if (req.method !== "POST") return inner(req);
    try {
      const bytes = await readBody(req);
      if (/json/i.test(req.headers.get("content-type") ?? "")) assertJsonDepth(new TextDecoder().decode(bytes));
      // The body is consumed; next-auth gets the same request with the bytes we read.
      const headers = new Headers(req.headers);
      headers.delete("content-length");
      headers.delete("transfer-encoding");
      const forwarded = new Request(req.url, { method: req.method, headers, body: bytes.byteLength ? bytes : undefined });
      const { result, refusal } = await withSignInAttempt(() => inner(forwarded));
      return refusal ? errorResponse(refusal, req) : result;
    } catch (e) {
      return errorResponse(e, req);
    }
  };
}
