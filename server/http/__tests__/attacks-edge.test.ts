// The HTTP edge against signed-in and cross-site abuse: deeply nested bodies, cross-site
// cookie POSTs, the security headers, and what the server does to each request before
// Next sees it (CSP nonce, client IP, the sign-in door, declared oversized bodies).
import { createServer, request as httpRequest, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createAgent } from "@/server/testing/agents";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { createApiToken } from "@/server/domain/users/create-api-token";
import { BUSY_REFUSAL_HOLD_MS, MAX_BODY_BYTES, MAX_CONCURRENT_PASSWORD_HASHES, MAX_JSON_DEPTH } from "@/lib/limits";
import type { NextConfig } from "next";
import { CLIENT_IP_HEADER } from "../client-ip";
import { contentSecurityPolicy, NONCE_HEADER } from "../csp";
import { prepareRequest } from "../edge";
import { sendMessageHandler } from "../send-message";
import { cancelRunHandler } from "../runs";
import { rotateKeyHandler } from "../service-keys";
import { request, run } from "@/server/testing/http";

let t: TestServer;
let admin: TestUser;
let agents = 0;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.user("Admin", { isAdmin: true });
});
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

describe("deeply nested JSON on the API", () => {
  it("answers 400 (not 500) to a 30,000-deep body, and accepts brackets inside strings", async () => {
    const alice = await t.user("Nester");
    const spaceId = (await createChannel(t.deps, alice.actor, { name: "nest" })).id;
    const send = (raw: string) => run(t, sendMessageHandler, request(`/api/spaces/${spaceId}/messages`, { cookie: alice.cookie, raw }), { id: spaceId });
    const deep = await send(`{"text":${"[".repeat(30_000)}${"]".repeat(30_000)}}`);
    expect(deep.status).toBe(400);
    expect(deep.body.error).toEqual({ code: "bad_request", message: expect.stringContaining(`${MAX_JSON_DEPTH}`) });
    const justOver = await send(`{"text":"hi","x":${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}}`);
    expect(justOver.status).toBe(400);
    const quoted = await send(JSON.stringify({ text: `[{"\\${"[".repeat(1000)}` }));
    expect(quoted.status).toBe(201);
  });
});

describe("cross-site request forgery", () => {
  const rotate = async (headers: Record<string, string>, auth: { cookie?: string; bearer?: string } = { cookie: admin.cookie }) => {
    const agent = await createAgent(t.deps.db, `Csrf${++agents}`);
    // Body-less, cookie-authenticated, state-changing: exactly what a cross-site form can send.
    return run(t, rotateKeyHandler, request(`/api/agents/${agent.id}/keys`, { method: "POST", ...auth, headers: { host: "parley.test", ...headers } }), {
      id: agent.id,
    });
  };

  it("refuses a cookie POST from a foreign origin or another site with 403", async () => {
    const foreign = await rotate({ origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe("forbidden");
    expect((await rotate({ "sec-fetch-site": "cross-site", origin: "https://evil.example" })).status).toBe(403);
    expect((await rotate({ "sec-fetch-site": "same-site" })).status).toBe(403);
    expect((await rotate({ origin: "null" })).status).toBe(403);
  });

  it("lets our own pages, direct navigation, non-browsers and token callers through", async () => {
    // Past the CSRF check, a body-less rotation is refused for its missing space list (400), not its origin (403).
    const passed = { status: 400, body: { error: { fields: { spaceIds: expect.any(String) } } } };
    expect(await rotate({ "sec-fetch-site": "same-origin", origin: "http://parley.test" })).toMatchObject(passed);
    expect(await rotate({ "sec-fetch-site": "none" })).toMatchObject(passed);
    expect(await rotate({ origin: "http://parley.test" })).toMatchObject(passed); // older browsers: Origin only
    expect(await rotate({})).toMatchObject(passed); // curl with a cookie
    const keyless = await run(
      t,
      sendMessageHandler,
      request(`/api/spaces/x/messages`, { cookie: admin.cookie, body: { text: "hi" }, headers: { origin: "https://evil.example" } }),
      { id: "x" },
    );
    expect(keyless.status).toBe(403); // JSON POSTs too, not only body-less ones
  });

  it("does not check bearer-token callers (a browser never attaches a token by itself)", async () => {
    const { token } = await createApiToken(t.deps, admin.actor, { name: "ci" });
    const res = await run(
      t,
      cancelRunHandler,
      request("/api/runs/none/cancel", { method: "POST", bearer: token, headers: { origin: "https://evil.example" } }),
      { id: "none" },
    );
    expect(res.status).toBe(409); // past the CSRF check: the run does not exist
    const withCookie = await run(
      t,
      cancelRunHandler,
      request("/api/runs/none/cancel", { method: "POST", cookie: admin.cookie, headers: { origin: "https://evil.example" } }),
      { id: "none" },
    );
    expect(withCookie.status).toBe(403);
  });
});

describe("security headers", () => {
  it("sets nosniff, referrer policy, frame denial and permissions on every path, HSTS only over https", async () => {
    // A plain JS file (Next reads it as is); loaded by URL so TypeScript does not need its types.
    const nextConfig = ((await import(new URL("../../../next.config.js", import.meta.url).href)) as { default: NextConfig }).default;
    const rules = await nextConfig.headers!();
    const always = rules.find((r) => r.source === "/:path*" && !r.has)!;
    const values = Object.fromEntries(always.headers.map((h) => [h.key.toLowerCase(), h.value]));
    expect(values).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "DENY",
      "permissions-policy": "camera=(), microphone=(), geolocation=()",
    });
    expect(values["strict-transport-security"]).toBeUndefined();
    const https = rules.find((r) => r.has?.some((h) => h.type === "header" && h.key === "x-forwarded-proto" && h.value === "https"))!;
    expect(https.headers).toEqual([{ key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" }]);
  });

  it("a nonce-based CSP: no inline script without the nonce, eval only in development", () => {
    const prod = contentSecurityPolicy("abc123", { dev: false });
    const directives = Object.fromEntries(prod.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));
    expect(directives).toEqual({
      "default-src": "'self'",
      "script-src": "'self' 'nonce-abc123' 'strict-dynamic'",
      "style-src": "'self' 'unsafe-inline'",
      "img-src": "'self' data: blob:",
      "font-src": "'self' data:",
      "connect-src": "'self' ws: wss:",
      "frame-ancestors": "'none'",
      "base-uri": "'self'",
      "form-action": "'self'",
      "object-src": "'none'",
    });
    expect(contentSecurityPolicy("abc123", { dev: true })).toContain("'nonce-abc123' 'strict-dynamic' 'unsafe-eval'");
  });

  it("the server edge refuses sign-in and sign-up POSTs at the door while as many are in progress as can hash, answering after the Retry-After", async () => {
    const held: ServerResponse[] = [];
    const server = createServer((req, res) => {
      if (!prepareRequest(req, res, { trustProxy: false, dev: false })) return;
      held.push(res); // in progress: the hashing slot stays taken until the answer is sent
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    const post = (path: string) =>
      new Promise<{ status: number; retryAfter?: string; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: "127.0.0.1", port, path, method: "POST", headers: { "content-length": "0" } }, (res) => {
          let body = "";
          res.on("data", (c) => (body += c));
          res.on("end", () => resolve({ status: res.statusCode!, retryAfter: res.headers["retry-after"] as string | undefined, body }));
        });
        req.on("error", reject);
        req.end();
      });
    try {
      const inFlight = Array.from({ length: MAX_CONCURRENT_PASSWORD_HASHES }, (_, i) => post(i % 2 ? "/api/signup" : "/api/auth/callback/credentials"));
      await vi.waitFor(() => expect(held).toHaveLength(MAX_CONCURRENT_PASSWORD_HASHES));
      const refusedAt = performance.now();
      const refused = await post("/api/signup");
      // Held for its Retry-After, so a client that ignores it cannot loop on refusals.
      expect(performance.now() - refusedAt).toBeGreaterThanOrEqual(BUSY_REFUSAL_HOLD_MS - 20);
      expect(refused.status).toBe(503);
      expect(refused.retryAfter).toBe("1");
      expect(JSON.parse(refused.body).error.code).toBe("busy");
      // Other routes are not held back by the door.
      const other = post("/api/spaces/x/messages");
      await vi.waitFor(() => expect(held).toHaveLength(MAX_CONCURRENT_PASSWORD_HASHES + 1));
      // Answered requests free their slots.
      for (const res of held.splice(0)) res.end("{}");
      await Promise.all([...inFlight, other]);
      const again = post("/api/auth/callback/credentials");
      await vi.waitFor(() => expect(held).toHaveLength(1));
      for (const res of held.splice(0)) res.end("{}");
      expect((await again).status).toBe(200);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("the server edge: a fresh CSP nonce per request (for Next too), the client IP, and 413 for a declared big API body", async () => {
    let seen: IncomingHttpHeaders = {};
    const server = createServer((req, res) => {
      if (!prepareRequest(req, res, { trustProxy: false, dev: false })) return;
      seen = req.headers;
      res.end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    const send = (path: string, headers: Record<string, string>, method = "GET") =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: "127.0.0.1", port, path, method, headers }, (res) => {
          let body = "";
          res.on("data", (c) => (body += c));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        });
        req.on("error", reject);
        req.end();
      });
    try {
      const a = await send("/signin", { [CLIENT_IP_HEADER]: "6.6.6.6", "x-forwarded-for": "7.7.7.7", "content-security-policy": "script-src *" });
      const nonce = seen[NONCE_HEADER] as string;
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(a.headers["content-security-policy"]).toContain(`'nonce-${nonce}'`);
      expect(seen["content-security-policy"]).toBe(a.headers["content-security-policy"]); // what Next reads
      expect(seen[CLIENT_IP_HEADER]).toBe("127.0.0.1"); // not the spoofed header, not X-Forwarded-For
      await send("/signin", {});
      expect(seen[NONCE_HEADER]).not.toBe(nonce);

      const big = await send("/api/auth/callback/credentials", { "content-length": String(MAX_BODY_BYTES + 1) }, "POST");
      expect(big.status).toBe(413);
      expect(JSON.parse(big.body)).toEqual({ error: { code: "payload_too_large", message: expect.any(String) } });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
