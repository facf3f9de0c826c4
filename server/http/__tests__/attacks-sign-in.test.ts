// The anonymous sign-in and sign-up routes under attack: floods per IP and per account,
// password-hash exhaustion, account discovery by timing, and oversized or deeply nested
// bodies. The sign-in route is next-auth's real handler, called in-process.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "@/server/testing/test-server";
import { useNextAuthRoute } from "@/server/testing/next-auth-route";
import { createUser } from "@/server/domain/users/create-user";
import { acquireHashSlot } from "@/server/domain/users/password";
import { verifyCredentials } from "@/server/domain/users/verify-credentials";
import { emailHash } from "@/server/auth/credentials-sign-in";
import { log } from "@/server/log";
import { MAX_BODY_BYTES, MAX_CONCURRENT_PASSWORD_HASHES, RATE_LIMITS } from "@/lib/limits";
import { POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { CLIENT_IP_HEADER } from "../client-ip";
import { signupHandler } from "../signup";
import { request, run } from "@/server/testing/http";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
const route = useNextAuthRoute(() => t);
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

let ipCounter = 0;
/** A fresh client address per call, so one test's attempts never count against another's. */
const freshIp = () => `203.0.113.${++ipCounter}`;

async function account(name: string, password = "right-password") {
  const email = `${name.toLowerCase()}-${++ipCounter}@edge.test`;
  await createUser(t.deps, { email, name, password });
  return { email, password };
}

/** POST /api/auth/callback/credentials as the sign-in form sends it. */
async function signIn(email: string, password: string, ip: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}) {
  const headers = new Headers({
    cookie: route.csrf.cookie,
    "content-type": "application/x-www-form-urlencoded",
    "x-auth-return-redirect": "1",
    [CLIENT_IP_HEADER]: ip,
    ...init.headers,
  });
  const body = init.body ?? new URLSearchParams({ email, password, csrfToken: route.csrf.token, callbackUrl: "/spaces" });
  const req = new Request("http://parley.test/api/auth/callback/credentials", {
    method: "POST",
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  const res = await authPost(req as never);
  const text = await res.text();
  const json = text ? (JSON.parse(text) as { url?: string; error?: { code: string; message: string } }) : null;
  const outcome = res.status !== 200 ? "refused" : json?.url && !new URL(json.url).searchParams.has("error") ? "signed-in" : "wrong";
  return { status: res.status, body: json, headers: res.headers, outcome };
}

/** Holds every password-hashing slot until the returned function is called. */
function occupyHashSlots(): () => void {
  const releases = Array.from({ length: MAX_CONCURRENT_PASSWORD_HASHES }, () => acquireHashSlot());
  return () => {
    for (const release of releases) release();
  };
}
describe("sign-up flood", () => {
  it("answers 429 with Retry-After once one IP has used its sign-ups; other IPs go on", async () => {
    const ip = freshIp();
    const signup = (n: number, from = ip) =>
      run(
        t,
        signupHandler,
        request("/api/signup", { body: { email: `flood-${ipCounter}-${n}@x.dev`, name: "F", password: "long enough" }, headers: { [CLIENT_IP_HEADER]: from } }),
      );
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
      const signup = await run(
        t,
        signupHandler,
        request("/api/signup", { body: { email: `busy-${ipCounter}@x.dev`, name: "B", password: "long enough" }, headers: { [CLIENT_IP_HEADER]: freshIp() } }),
      );
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
    const oauthOnly = await createUser(t.deps, { email: `oauth-${++ipCounter}@edge.test`, name: "OAuth" });
    const release = occupyHashSlots();
    try {
      // Only a hash can be refused for want of a slot: so these would hash.
      await expect(verifyCredentials(t.deps.db, "ghost@edge.test", "whatever")).rejects.toMatchObject({ code: "busy" });
      await expect(verifyCredentials(t.deps.db, oauthOnly.email, "whatever")).rejects.toMatchObject({ code: "busy" });
      // Sign-up of a taken email hashes before answering 409, like a free one.
      const taken = await run(
        t,
        signupHandler,
        request("/api/signup", { body: { email: oauthOnly.email, name: "X", password: "long enough" }, headers: { [CLIENT_IP_HEADER]: freshIp() } }),
      );
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
