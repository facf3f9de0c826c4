// Every HTTP request has an id: a proxy's X-Request-Id when it is a plain bounded token, else
// a fresh one. It comes back as a response header and every log line the request causes
// carries it, including lines written after an await.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MAX_REQUEST_ID_LENGTH } from "@/lib/limits";
import { log } from "@/server/log";
import { captureLogs } from "@/server/testing/capture-logs";
import { REQUEST_ID_HEADER, withRequestId } from "../request-id";

let server: Server;
let url: string;
beforeAll(async () => {
  // As server/main.ts serves: the id around everything the request runs.
  server = createServer((req, res) =>
    withRequestId(req, res, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.info({ seen: req.headers[REQUEST_ID_HEADER] }, "handling");
      log.info("handled");
      res.end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function get(headers: Record<string, string> = {}) {
  const logs = captureLogs();
  try {
    const res = await fetch(url, { headers });
    await res.text();
    return { id: res.headers.get(REQUEST_ID_HEADER), line: logs.line("handling"), next: logs.line("handled") };
  } finally {
    logs.restore();
  }
}

it("a request without an id gets a fresh one, in the response and on its log lines", async () => {
  const [a, b] = [await get(), await get()];
  expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(a.line).toMatchObject({ reqId: a.id, seen: a.id });
  // A line's own fields stay on that line; the next line of the request has only the id.
  expect(a.next).toMatchObject({ reqId: a.id });
  expect(a.next).not.toHaveProperty("seen");
  expect(b.id).not.toBe(a.id);
});

it("a proxy's id is kept when it is a plain token of bounded length, replaced otherwise", async () => {
  const proxyId = "Root=1-67891233-abcdef012345678912345678";
  expect(await get({ [REQUEST_ID_HEADER]: proxyId })).toMatchObject({ id: proxyId, line: { reqId: proxyId } });
  const longest = "a".repeat(MAX_REQUEST_ID_LENGTH);
  expect((await get({ [REQUEST_ID_HEADER]: longest })).id).toBe(longest);
  for (const bad of ["a".repeat(MAX_REQUEST_ID_LENGTH + 1), "two words", 'x","level":60', "<script>"]) {
    const res = await get({ [REQUEST_ID_HEADER]: bad });
    expect(res.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.line?.reqId).toBe(res.id);
  }
});

it("outside any request a log line carries no id", () => {
  const logs = captureLogs();
  log.info("idle");
  logs.restore();
  expect(logs.line("idle")).not.toHaveProperty("reqId");
});
