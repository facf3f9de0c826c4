// Every HTTP request's id: the X-Request-Id a proxy in front gave it, when that is a plain
// token of bounded length, else a fresh one. Sent back as a response header and carried by
// every log line the request causes (log-context.ts), so one id finds a request in the
// proxy's log and ours. A client may name its own id; it only labels its own request's lines,
// and the charset keeps it from forging anything in them.
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_REQUEST_ID_LENGTH } from "@/lib/limits";
import { newRequestId, withLogContext } from "../log-context";

export const REQUEST_ID_HEADER = "x-request-id";

const VALID = new RegExp(`^[A-Za-z0-9._:=/+-]{1,${MAX_REQUEST_ID_LENGTH}}$`);

/** The incoming id if it is acceptable, else a new one. */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && VALID.test(incoming) ? incoming : newRequestId();
}

/**
 * Runs `serve` (the edge, then Next) with the request's id in the log context, on the request
 * for route handlers to read and on the response. server/main.ts calls it for every request.
 */
export function withRequestId<T>(req: IncomingMessage, res: ServerResponse, serve: () => T): T {
  const reqId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
  req.headers[REQUEST_ID_HEADER] = reqId;
  res.setHeader(REQUEST_ID_HEADER, reqId);
  return withLogContext({ reqId }, serve);
}
