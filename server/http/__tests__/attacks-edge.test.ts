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
import { BUSY_REFUSAL_HOLD_MS, HASHING_POSTS_PER_ADDRESS, MAX_BODY_BYTES, MAX_JSON_DEPTH, RATE_LIMITS } from "@/lib/limits";
import { createRateLimits } from "@/server/limits/rate-limits";
import type { NextConfig } from "next";
import { CLIENT_IP_HEADER } from "../client-ip";
import { contentSecurityPolicy, NONCE_HEADER } from "../csp";
import { prepareRequest } from "../edge";
import { sendMessageHandler } from "../send-message";
import { cancelRunHandler } from "../runs";
import { rotateKeyHandler } from "../service-keys";
import { request, run } from "@/server/testing/http";
import { withEnv } from "@/server/testing/with-env";

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

  it("a nonce-based CSP: no inline script without the nonce, eval only in development", async () => {
    const prod = await withEnv({ APP_URL: undefined, ALLOWED_ORIGINS: undefined }, () =>
      contentSecurityPolicy("abc123", { dev: false, host: "chat.example:3000" }),
    );
    const directives = Object.fromEntries(prod.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));
    expect(directives).toEqual({
      "default-src": "'self'",
      "script-src": "'self' 'nonce-abc123' 'strict-dynamic'",
      "style-src": "'self' 'unsafe-inline'",
      "img-src": "'self' data: blob:",
      "font-src": "'self' data:",
      "connect-src": "'self' ws://chat.example:3000 wss://chat.example:3000",
      "frame-ancestors": "'none'",
      "base-uri": "'self'",
      "form-action": "'self'",
      "object-src": "'none'",
    });
    expect(contentSecurityPolicy("abc123", { dev: true })).toContain("'nonce-abc123' 'strict-dynamic' 'unsafe-eval'");
  });

  it("CSP connect-src allows WebSockets only to the app's own origins, never to any host", async () => {
    const connectSrc = (host?: string) => /connect-src ([^;]*)/.exec(contentSecurityPolicy("n", { dev: false, host }))![1]!.split(" ");
    await withEnv({ APP_URL: "https://chat.example.com", ALLOWED_ORIGINS: "https://other.example.org, http://lan.example:8080" }, () => {
      const sources = connectSrc("evil.example");
      expect(sources).toEqual([
        "'self'",
        "https://chat.example.com",
        "wss://chat.example.com",
        "https://other.example.org",
        "wss://other.example.org",
        "http://lan.example:8080",
        "ws://lan.example:8080",
      ]);
      // The scheme-only sources that allowed any host are gone, and a forged Host adds nothing when APP_URL is set.
      expect(sources).not.toContain("ws:");
      expect(sources).not.toContain("wss:");
      expect(sources.join(" ")).not.toContain("evil.example");
    });
    await withEnv({ APP_URL: undefined, ALLOWED_ORIGINS: undefined }, () => {
      expect(connectSrc("localhost:3000")).toEqual(["'self'", "ws://localhost:3000", "wss://localhost:3000"]);
      // A Host header crafted to inject sources or directives is not copied into the header.
      expect(connectSrc("a.example; script-src *")).toEqual(["'self'"]);
      expect(connectSrc("a.example wss:")).toEqual(["'self'"]);
      expect(connectSrc(undefined)).toEqual(["'self'"]);
    });
  });

  it("the server edge lets each address in with its share of sign-in and sign-up POSTs, refusing its others (and a rate-limited address) at the door, after the Retry-After", async () => {
    const held: ServerResponse[] = [];
    const limits = createRateLimits();
    const server = createServer(async (req, res) => {
      if (!(await prepareRequest(req, res, { trustProxy: true, dev: false, limits }))) return;
      held.push(res); // in progress: its share of the door stays taken until the answer is sent
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    const post = (path: string, ip: string) =>
      new Promise<{ status: number; retryAfter?: string; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: "127.0.0.1", port, path, method: "POST", headers: { "content-length": "0", "x-forwarded-for": ip } }, (res) => {
          let body = "";
          res.on("data", (c) => (body += c));
          res.on("end", () => resolve({ status: res.statusCode!, retryAfter: res.headers["retry-after"] as string | undefined, body }));
        });
        req.on("error", reject);
        req.end();
      });
    try {
      const flooder = "198.51.100.7";
      const inFlight = Array.from({ length: HASHING_POSTS_PER_ADDRESS }, (_, i) => post(i % 2 ? "/api/signup" : "/api/auth/callback/credentials", flooder));
      await vi.waitFor(() => expect(held).toHaveLength(HASHING_POSTS_PER_ADDRESS));
      const refusedAt = performance.now();
      const refused = await post("/api/signup", flooder);
      // Held for its Retry-After, so a client that ignores it cannot loop on refusals.
      expect(performance.now() - refusedAt).toBeGreaterThanOrEqual(BUSY_REFUSAL_HOLD_MS - 20);
      expect(refused.status).toBe(503);
      expect(refused.retryAfter).toBe("1");
      expect(JSON.parse(refused.body).error.code).toBe("busy");
      // Another address is let in while the flooder's share is full, and other routes are not held back.
      const member = post("/api/auth/callback/credentials", "198.51.100.8");
      const other = post("/api/spaces/x/messages", flooder);
      await vi.waitFor(() => expect(held).toHaveLength(HASHING_POSTS_PER_ADDRESS + 2));
      // Answered requests free their share.
      for (const res of held.splice(0)) res.end("{}");
      await Promise.all([...inFlight, member, other]);
      const again = post("/api/auth/callback/credentials", flooder);
      await vi.waitFor(() => expect(held).toHaveLength(1));
      for (const res of held.splice(0)) res.end("{}");
      expect((await again).status).toBe(200);

      // An address past its sign-in limit is refused 429 at the door, without reaching the route.
      for (let i = 0; i < RATE_LIMITS.signInPerIp.points; i++) await limits.consume("signInPerIp", "198.51.100.9").catch(() => {});
      const blocked = await post("/api/auth/callback/credentials", "198.51.100.9");
      expect(blocked.status).toBe(429);
      expect(Number(blocked.retryAfter)).toBeGreaterThan(60);
      expect(JSON.parse(blocked.body).error.code).toBe("rate_limited");
      expect(held).toHaveLength(0);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("the server edge: a fresh CSP nonce per request (for Next too), the client IP, and 413 for a declared big API body", async () => {
    let seen: IncomingHttpHeaders = {};
    const server = createServer(async (req, res) => {
      if (!(await prepareRequest(req, res, { trustProxy: false, dev: false }))) return;
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
