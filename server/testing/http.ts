// HTTP handlers in tests: calling them directly with web-standard Requests, as a Next route would.
import { TEST_SECRET, type TestServer } from "./test-server";
import type { Handler, HttpDeps, Params } from "../http/deps";

export interface RequestOptions {
  method?: string;
  cookie?: string;
  bearer?: string;
  /** JSON-encoded unless `raw` is given. */
  body?: unknown;
  raw?: BodyInit;
  headers?: Record<string, string>;
}

export function request(path: string, opts: RequestOptions = {}): Request {
  const headers = new Headers(opts.headers);
  if (opts.cookie) headers.set("cookie", opts.cookie);
  if (opts.bearer) headers.set("authorization", `Bearer ${opts.bearer}`);
  const body = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  return new Request(`http://parley.test${path}`, {
    method: opts.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
    // Node's fetch needs this for streamed bodies.
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

export const httpDeps = (t: TestServer): HttpDeps => ({ ...t.deps, secret: TEST_SECRET, gateway: t.gateway });

/** Runs a handler and returns status + parsed JSON body (null for an empty body). */
export async function run<P extends Params>(
  t: TestServer,
  handler: Handler<P>,
  req: Request,
  params: P = {} as P,
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on whatever JSON the handler returned
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await handler(req, httpDeps(t), params);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}
