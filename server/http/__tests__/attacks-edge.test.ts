// The anonymous HTTP edge under attack: sign-in and sign-up floods, password-hash exhaustion,
// account discovery by timing, oversized and deeply nested bodies, cross-site cookie POSTs,
// and the security headers. The sign-in route is next-auth's real handler, called in-process.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, TEST_SECRET, type TestServer, type TestUser } from "@/server/testing/test-server";
import { createAgent } from "@/server/testing/agents";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { createUser } from "@/server/domain/users/create-user";
import { createApiToken } from "@/server/domain/users/api-tokens";
import { acquireHashSlot } from "@/server/domain/users/password";
import { verifyCredentials } from "@/server/domain/users/verify-credentials";
import { emailHash } from "@/server/auth/credentials-sign-in";
import { setRuntime } from "@/server/runtime";
import { resetEnvCache } from "@/server/env";
import { log } from "@/server/log";
import { MAX_BODY_BYTES, MAX_CONCURRENT_PASSWORD_HASHES, MAX_JSON_DEPTH, RATE_LIMITS } from "@/lib/limits";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import type { NextConfig } from "next";
import { CLIENT_IP_HEADER } from "../client-ip";
import { contentSecurityPolicy, NONCE_HEADER } from "../csp";
import { prepareRequest } from "../edge";
import { signupHandler } from "../signup";
import { sendMessageHandler } from "../send-message";
import { cancelRunHandler } from "../runs";
import { rotateKeyHandler } from "../service-keys";
import { httpDeps, request, run } from "./helpers";

let t: TestServer;
let admin: TestUser;
let csrf: { token: string; cookie: string };
const savedSecret = process.env.AUTH_SECRET;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.user("Admin", { isAdmin: true });
  // next-auth's route reads the secret from env and the database from the runtime, as in production.
  process.env.AUTH_SECRET = TEST_SECRET;
  resetEnvCache();
  setRuntime(httpDeps(t));
  const res = await authGet(new Request("http://parley.test/api/auth/csrf") as never);
  csrf = {
    token: ((await res.json()) as { csrfToken: string }).csrfToken,
    cookie: res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; "),
  };
});
afterAll(async () => {
  setRuntime(undefined);
  if (savedSecret === undefined) delete process.env.AUTH_SECRET;
  else process.env.AUTH_SECRET = savedSecret;
  resetEnvCache();
  await t?.close();
});
afterEach(() => vi.restoreAllMocks());

let ipCounter = 0;
/** A fresh client address per call, so one test's attempts never count against another's. */
const freshIp = () => `203.0.113.${++ipCounter}`;

async function account(name: string, password = "right-password") {
  const email = `${name.toLowerCase()}-${++ipCounter}@edge.test`;
  await createUser(t.deps.db, { email, name, password });
  return { email, password };
}

/** POST /api/auth/callback/credentials as the sign-in form sends it. */
async function signIn(email: string, password: string, ip: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}) {
  const headers = new Headers({
    cookie: csrf.cookie,
    "content-type": "application/x-www-form-urlencoded",
    "x-auth-return-redirect": "1",
    [CLIENT_IP_HEADER]: ip,
    ...init.headers,
  });
  const body = init.body ?? new URLSearchParams({ email, password, csrfToken: csrf.token, callbackUrl: "/spaces" });
  const req = new Request("http://parley.test/api/auth/callback/credentials", {
    method: "POST",
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  const res = await authPost(req as never);
  const text = await res.text();
  const json = text ? (JSON.parse(text) as { url?: string; error?: { code: string; message: string } }) : null;
  const outcome =
    res.status !== 200 ? "refused" : json?.url && !new URL(json.url).searchParams.has("error") ? "signed-in" : "wrong";
  return { status: res.status, body: json, headers: res.headers, outcome };
}

/** Holds every password-hashing slot until the returned function is called. */
function occupyHashSlots(): () => void {
  const releases = Array.from({ length: MAX_CONCURRENT_PASSWORD_HASHES }, () => acquireHashSlot());
  return () => releases.forEach((r) => r());
}

describe("sign-up flood", () => {
  it("answers 429 with Retry-After once one IP has used its sign-ups; other IPs go on", async () => {
    const ip = freshIp();
    const signup = (n: number, from = ip) =>
      run(t, signupHandler, request("/api/signup", { body: { email: `flood-${ipCounter}-${n}@x.dev`, name: "F", password: "long enough" }, headers: { [CLIENT_IP_HEADER]: from } }));
    for (let n = 0; n < RATE_LIMITS.signupPerIp.points; n++) expect((await signup(n)).status).toBe(201);
    const refused = await signup(99);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: "rate_limited", message: expect.any(String) });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Invalid attempts count too: each one may cost a hash.
    const bad = await run(t, signupHandler, request("/api/signup", { body: { email: "nope" }, headers: { [CLIENT_IP_HEADER]: ip } }));
    expect(bad.status).toBe(429);
    expect((await signup(100, freshIp())).status).toBe(201);
  });
});

describe("sign-in floods", () => {
  it("blocks an IP after its wrong attempts (any accounts), before hashing, with 429 + Retry-After", async () => {
    const ip = freshIp();
    const victim = await account("IpVictim");
    for (let n = 0; n < RATE_LIMITS.signInPerIp.points; n++) {
      // Spread over unknown accounts so only the IP limit can be what stops them.
      expect((await signIn(`nobody-${n}@edge.test`, "guess", ip)).outcome).toBe("wrong");
    }
    const blocked = await signIn("nobody-else@edge.test", "guess", ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body?.error?.code).toBe("rate_limited");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(RATE_LIMITS.signInPerIp.blockS - 60);
    // The right password from the blocked IP is refused too, without being checked:
    // with every hashing slot taken it still answers 429, not 503.
    const release = occupyHashSlots();
    try {
      expect((await signIn(victim.email, victim.password, ip)).status).toBe(429);
    } finally {
      release();
    }
    expect((await signIn(victim.email, victim.password, freshIp())).outcome).toBe("signed-in");
  });

  it("blocks an account after its wrong attempts from any IPs; even the right password waits", async () => {
    const victim = await account("AccountVictim");
    for (let n = 0; n < RATE_LIMITS.signInPerAccount.points; n++) {
      expect((await signIn(victim.email, `guess-${n}`, freshIp())).outcome).toBe("wrong");
    }
    // A different spelling of the same email is the same account.
    const warn = vi.spyOn(log, "warn");
    const blocked = await signIn(victim.email.toUpperCase(), "guess", freshIp());
    expect(JSON.stringify(warn.mock.calls)).toContain(emailHash(victim.email)); // the limiter's log names the hash
    expect(JSON.stringify(warn.mock.calls)).not.toContain(victim.email);
    expect(blocked.status).toBe(429);
    expect(blocked.body?.error?.code).toBe("rate_limited");
    expect(blocked.headers.get("retry-after")).toBeTruthy();
    expect((await signIn(victim.email, victim.password, freshIp())).status).toBe(429);
  });

  it("counts only failures: a success clears the account's count", async () => {
    const user = await account("Forgetful");
    const almost = RATE_LIMITS.signInPerAccount.points - 1;
    for (let n = 0; n < almost; n++) expect((await signIn(user.email, "typo", freshIp())).outcome).toBe("wrong");
    expect((await signIn(user.email, user.password, freshIp())).outcome).toBe("signed-in");
    for (let n = 0; n < almost; n++) expect((await signIn(user.email, "typo", freshIp())).outcome).toBe("wrong");
    expect((await signIn(user.email, user.password, freshIp())).outcome).toBe("signed-in");
  });

  it("logs each failure once with the IP and a hash of the email, never the email or password", async () => {
    const info = vi.spyOn(log, "info");
    const ip = freshIp();
    await signIn("Someone@Edge.Test", "hunter2-secret", ip);
    const failures = info.mock.calls.filter((c) => c[1] === "sign-in failed");
    expect(failures).toEqual([[{ ip, account: emailHash("someone@edge.test") }, "sign-in failed"]]);
    expect(emailHash("someone@edge.test")).toMatch(/^[0-9a-f]{12}$/);
    const all = JSON.stringify(info.mock.calls);
    expect(all).not.toMatch(/someone@edge\.test/i);
    expect(all).not.toContain("hunter2-secret");
  });
});

describe("refusals thrown by the server's own module copies", () => {
  it("are still AppErrors to a route: a rate limit is a 429, not a 500", async () => {
    // In production the limiter is loaded by server/main.ts, the route by Next's bundle: two
    // copies of errors.ts. Two fresh imports reproduce that.
    vi.resetModules();
    const serverCopy = await import("@/server/domain/errors");
    vi.resetModules();
    const routeCopy = await import("@/server/http/respond");
    const refusal = new serverCopy.AppError("rate_limited", "slow down", { retryAfterS: 7 });
    const res = routeCopy.errorResponse(refusal, new Request("http://parley.test/api/signup", { method: "POST" }));
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("7");
  });
});

describe("password-hash exhaustion", () => {
  it("answers 503 at once, for sign-up and sign-in, while every hashing slot is busy", async () => {
    const user = await account("Patient");
    const release = occupyHashSlots();
    try {
      const started = Date.now();
      const signup = await run(t, signupHandler, request("/api/signup", { body: { email: `busy-${ipCounter}@x.dev`, name: "B", password: "long enough" }, headers: { [CLIENT_IP_HEADER]: freshIp() } }));
      expect(signup.status).toBe(503);
      expect(signup.body.error.code).toBe("busy");
      const signIn503 = await signIn(user.email, user.password, freshIp());
      expect(signIn503.status).toBe(503);
      expect(signIn503.body?.error?.code).toBe("busy");
      expect(Date.now() - started).toBeLessThan(2000); // refused, not queued behind the slots
      expect(() => acquireHashSlot()).toThrow(expect.objectContaining({ code: "busy" }));
    } finally {
      release();
    }
    expect((await signIn(user.email, user.password, freshIp())).outcome).toBe("signed-in");
  });
});

describe("account discovery", () => {
  it("an unknown email, and an account without a password, still cost a password hash", async () => {
    const oauthOnly = await createUser(t.deps.db, { email: `oauth-${++ipCounter}@edge.test`, name: "OAuth" });
    const release = occupyHashSlots();
    try {
      // Only a hash can be refused for want of a slot: so these would hash.
      await expect(verifyCredentials(t.deps.db, "ghost@edge.test", "whatever")).rejects.toMatchObject({ code: "busy" });
      await expect(verifyCredentials(t.deps.db, oauthOnly.email, "whatever")).rejects.toMatchObject({ code: "busy" });
      // Sign-up of a taken email hashes before answering 409, like a free one.
      const taken = await run(t, signupHandler, request("/api/signup", { body: { email: oauthOnly.email, name: "X", password: "long enough" }, headers: { [CLIENT_IP_HEADER]: freshIp() } }));
      expect(taken.status).toBe(503);
    } finally {
      release();
    }
    expect(await verifyCredentials(t.deps.db, "ghost@edge.test", "whatever")).toBeNull();
  });

  it("takes about as long for an unknown email as for a wrong password", async () => {
    const known = await account("Timed");
    const median = async (f: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const s = performance.now();
        await f();
        times.push(performance.now() - s);
      }
      return times.sort((a, b) => a - b)[1]!;
    };
    const unknown = await median(() => verifyCredentials(t.deps.db, "ghost@edge.test", "wrong"));
    const wrong = await median(() => verifyCredentials(t.deps.db, known.email, "wrong"));
    // Without the dummy hash an unknown email answers in ~1 ms against ~100+ ms.
    expect(unknown).toBeGreaterThan(wrong * 0.4);
  });
});

describe("request bodies on the auth route", () => {
  it("answers 413 to a body over 64 KiB, declared or streamed, before next-auth reads it", async () => {
    const big = "x".repeat(MAX_BODY_BYTES + 1);
    const declared = await signIn("", "", freshIp(), { body: big, headers: { "content-length": String(big.length) } });
    expect(declared.status).toBe(413);
    expect(declared.body?.error?.code).toBe("payload_too_large");

    let pulled = 0;
    const chunk = new Uint8Array(16 * 1024).fill(0x61);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(chunk);
      },
    });
    const streamed = await signIn("", "", freshIp(), { body: endless });
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(MAX_BODY_BYTES / chunk.byteLength + 4);
  });

  it("answers 400 to JSON nested deeper than the limit", async () => {
    const deep = "[".repeat(30_000) + "]".repeat(30_000);
    const res = await signIn("", "", freshIp(), { body: deep, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body?.error?.code).toBe("bad_request");
  });
});

describe("deeply nested JSON on the API", () => {
  it("answers 400 (not 500) to a 30,000-deep body, and accepts brackets inside strings", async () => {
    const alice = await t.user("Nester");
    const spaceId = (await createChannel(t.deps, alice.actor, { name: "nest" })).id;
    const send = (raw: string) =>
      run(t, sendMessageHandler, request(`/api/spaces/${spaceId}/messages`, { cookie: alice.cookie, raw }), { id: spaceId });
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
    const agent = await createAgent(t.deps.db, `Csrf${++ipCounter}`);
    // Body-less, cookie-authenticated, state-changing: exactly what a cross-site form can send.
    return run(t, rotateKeyHandler, request(`/api/agents/${agent.id}/keys`, { method: "POST", ...auth, headers: { host: "parley.test", ...headers } }), { id: agent.id });
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
    expect((await rotate({ "sec-fetch-site": "same-origin", origin: "http://parley.test" })).status).toBe(201);
    expect((await rotate({ "sec-fetch-site": "none" })).status).toBe(201);
    expect((await rotate({ origin: "http://parley.test" })).status).toBe(201); // older browsers: Origin only
    expect((await rotate({})).status).toBe(201); // curl with a cookie
    const keyless = await run(t, sendMessageHandler, request(`/api/spaces/x/messages`, { cookie: admin.cookie, body: { text: "hi" }, headers: { origin: "https://evil.example" } }), { id: "x" });
    expect(keyless.status).toBe(403); // JSON POSTs too, not only body-less ones
  });

  it("does not check bearer-token callers (a browser never attaches a token by itself)", async () => {
    const { token } = await createApiToken(t.deps.db, admin.userId, "ci");
    const res = await run(t, cancelRunHandler, request("/api/runs/none/cancel", { method: "POST", bearer: token, headers: { origin: "https://evil.example" } }), { id: "none" });
    expect(res.status).toBe(409); // past the CSRF check: the run does not exist
    const withCookie = await run(t, cancelRunHandler, request("/api/runs/none/cancel", { method: "POST", cookie: admin.cookie, headers: { origin: "https://evil.example" } }), { id: "none" });
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

  it("the server edge refuses sign-in and sign-up POSTs at the door while as many are in progress as can hash", async () => {
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
      const refused = await post("/api/signup");
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
      held.splice(0).forEach((res) => res.end("{}"));
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
