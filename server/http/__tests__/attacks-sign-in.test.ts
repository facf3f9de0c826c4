// The anonymous sign-in and sign-up routes under attack: floods per IP and per account,
// password spraying to lock an account out, one address flooding to starve everyone's
// sign-in, password-hash exhaustion, account discovery by answer and timing, and oversized
// or deeply nested bodies. The sign-in route is next-auth's real handler, called in-process,
// and behind the server's edge (server/http/edge.ts) where the door is what is attacked.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "@/server/testing/test-server";
import { useNextAuthRoute } from "@/server/testing/next-auth-route";
import { createUser } from "@/server/domain/users/create-user";
import { createApiToken } from "@/server/domain/users/create-api-token";
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { hashSlotState, takeHashSlot } from "@/server/domain/users/password";
import { verifyCredentials } from "@/server/domain/users/verify-credentials";
import { emailLogId } from "@/server/auth/email-log-id";
import { signInDelayMs } from "@/server/auth/sign-in-delay";
import { log } from "@/server/log";
import {
  HASHING_POSTS_PER_ADDRESS,
  MAX_BODY_BYTES,
  MAX_CONCURRENT_PASSWORD_HASHES,
  RATE_LIMITS,
  SIGN_IN_DELAY_BASE_MS,
  SIGN_IN_DELAY_MAX_MS,
  SIGN_IN_FREE_FAILURES,
} from "@/lib/limits";
import { POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { withEnv } from "@/server/testing/with-env";
import { CLIENT_IP_HEADER } from "../client-ip";
import { prepareRequest } from "../edge";
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

/** Holds every password-hashing slot (for an address of its own) until the returned function is called. */
async function occupyHashSlots(): Promise<() => void> {
  const releases: (() => void)[] = [];
  for (let i = 0; i < MAX_CONCURRENT_PASSWORD_HASHES; i++) releases.push(await takeHashSlot(`occupier-${i}`));
  return () => {
    for (const release of releases) release();
  };
}

/**
 * The sign-in route behind the server's edge, over real HTTP: what server/main.ts does (the
 * door, limits checked there, held refusals), then next-auth. The client address comes from
 * X-Forwarded-For (TRUST_PROXY), so one test can be many addresses.
 */
async function edgeServer() {
  const server = createServer((req, res) => {
    void prepareRequest(req, res, { trustProxy: true, dev: false, limits: t.deps.limits }).then(async (go) => {
      if (!go) return;
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const answer = await authPost(new Request(`http://parley.test${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) }) as never);
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = async (email: string, password: string, ip: string) => {
    const started = performance.now();
    const res = await fetch(`${url}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { cookie: route.csrf.cookie, "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1", "x-forwarded-for": ip },
      body: new URLSearchParams({ email, password, csrfToken: route.csrf.token, callbackUrl: "/spaces" }),
    });
    const json = (await res.json().catch(() => null)) as { url?: string } | null;
    const outcome = res.status !== 200 ? `${res.status}` : json?.url && !new URL(json.url).searchParams.has("error") ? "signed-in" : "wrong";
    return { outcome, ms: performance.now() - started };
  };
  return { post, close: () => new Promise((r) => server.close(r)) };
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
    for (let n = 0; n < RATE_LIMITS.signupPerIp.points; n++) expect((await signup(n)).status).toBe(202);
    const refused = await signup(99);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: "rate_limited", message: expect.any(String), retryAfterS: expect.any(Number) });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Invalid attempts count too: each one may cost a hash.
    const bad = await run(t, signupHandler, request("/api/signup", { body: { email: "nope" }, headers: { [CLIENT_IP_HEADER]: ip } }));
    expect(bad.status).toBe(429);
    expect((await signup(100, freshIp())).status).toBe(202);
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
    // The right password from the blocked IP is refused too, without being checked: with
    // every hashing slot taken it still answers 429 at once, never waiting for a slot.
    const release = await occupyHashSlots();
    try {
      const started = performance.now();
      expect((await signIn(victim.email, victim.password, ip)).status).toBe(429);
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      release();
    }
    expect((await signIn(victim.email, victim.password, freshIp())).outcome).toBe("signed-in");
  });

  it("a password spray from 10 addresses cannot lock the account: the right password from a new address signs in within seconds", async () => {
    // Signed in already, with a session and an API token: a spray must not end either.
    const person = await t.user("Sprayed");
    const victim = { email: (await t.deps.db.user.findUniqueOrThrow({ where: { id: person.userId } })).email, password: "password123" };
    await createApiToken(t.deps, person.actor, { name: "laptop" });
    const ids = async () => ({
      sessions: (await t.deps.db.session.findMany({ where: { userId: person.userId }, select: { id: true } })).map((r) => r.id),
      tokens: (await t.deps.db.apiToken.findMany({ where: { userId: person.userId }, select: { id: true } })).map((r) => r.id),
    });
    const kept = await ids();
    expect(kept.sessions).toHaveLength(1);
    const spray = async (n: number) => Promise.all(Array.from({ length: n }, async (_, i) => (await signIn(victim.email, `guess-${i}`, freshIp())).outcome));
    expect(await spray(10)).toEqual(Array(10).fill("wrong"));
    // A different spelling of the same email is the same account, and still gets in.
    const started = performance.now();
    const owner = await signIn(victim.email.toUpperCase(), victim.password, freshIp());
    const took = performance.now() - started;
    expect(owner.outcome).toBe("signed-in");
    // An address that never failed is not made to wait for the sprayers' failures.
    expect(took).toBeLessThan(SIGN_IN_DELAY_MAX_MS + 3000);
    // The spray goes on; the owner still gets in, again and again.
    expect(await spray(10)).toEqual(Array(10).fill("wrong"));
    expect((await signIn(victim.email, victim.password, freshIp())).outcome).toBe("signed-in");
    const after = await ids();
    expect(after.sessions).toEqual(expect.arrayContaining(kept.sessions));
    expect(after.tokens).toEqual(kept.tokens);
  }, 120_000);

  it("an address that failed waits the account's growing delay before its next try there, refused at once, never asleep in a slot", async () => {
    const victim = await account("Gated");
    const sprayers = Array.from({ length: SIGN_IN_FREE_FAILURES + 2 }, () => freshIp());
    for (const ip of sprayers) expect((await signIn(victim.email, "guess", ip)).outcome).toBe("wrong");
    // The last failure set a delay (past the free failures): that address is refused right away
    // with the wait in Retry-After, without hashing, even with every hashing slot taken.
    const release = await occupyHashSlots();
    try {
      const started = performance.now();
      const again = await signIn(victim.email, victim.password, sprayers.at(-1)!);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(again.status).toBe(429);
      const wait = Number(again.headers.get("retry-after"));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(SIGN_IN_DELAY_MAX_MS / 1000);
    } finally {
      release();
    }
    // Only that address for that account: the owner elsewhere signs in, and after the wait so does that address.
    expect((await signIn(victim.email, victim.password, freshIp())).outcome).toBe("signed-in");
    await new Promise((r) => setTimeout(r, SIGN_IN_DELAY_MAX_MS + 100));
    expect((await signIn(victim.email, victim.password, sprayers.at(-1)!)).outcome).toBe("signed-in");
  }, 60_000);

  it("an address's wrong passwords for an account block that address for that account only", async () => {
    const victim = await account("PairVictim");
    const other = await account("PairOther");
    const ip = freshIp();
    for (let n = 0; n < RATE_LIMITS.signInPerAccountIp.points; n++) {
      // Past the free failures, each try first waits out the account's delay (the gate tested above).
      await t.deps.limits!.reset("signInRetryPerAccountIp", `${emailLogId(victim.email)}:${ip}`);
      expect((await signIn(victim.email, `guess-${n}`, ip)).outcome).toBe("wrong");
    }
    const warn = vi.spyOn(log, "warn");
    const blocked = await signIn(victim.email, victim.password, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body?.error?.code).toBe("rate_limited");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(RATE_LIMITS.signInPerAccountIp.blockS - 60);
    // The limiter's log names the account by its HMAC, never the email.
    expect(JSON.stringify(warn.mock.calls)).toContain(emailLogId(victim.email));
    expect(JSON.stringify(warn.mock.calls)).not.toContain(victim.email);
    // The same address may still sign in to another account; the owner, elsewhere, to this one.
    expect((await signIn(other.email, other.password, ip)).outcome).toBe("signed-in");
    expect((await signIn(victim.email, victim.password, freshIp())).outcome).toBe("signed-in");
  });

  it("an account's sign-ins slow down with its failures, growing, capped at a few seconds", () => {
    const delays = Array.from({ length: 12 }, (_, n) => signInDelayMs(n));
    expect(delays.slice(0, SIGN_IN_FREE_FAILURES + 1)).toEqual(Array(SIGN_IN_FREE_FAILURES + 1).fill(0));
    expect(delays[SIGN_IN_FREE_FAILURES + 1]).toBe(SIGN_IN_DELAY_BASE_MS);
    for (let n = SIGN_IN_FREE_FAILURES + 2; n < 12; n++) expect(delays[n]).toBeGreaterThanOrEqual(delays[n - 1]!);
    expect(Math.max(...delays)).toBe(SIGN_IN_DELAY_MAX_MS);
    expect(signInDelayMs(10_000)).toBe(SIGN_IN_DELAY_MAX_MS);
  });

  it("counts only failures: a success clears its address's count for the account", async () => {
    const user = await account("Forgetful");
    const ip = freshIp();
    const almost = RATE_LIMITS.signInPerAccountIp.points - 1;
    // Only the per-address count is under test: the account's delay is cleared so the test stays quick.
    const undelay = async () => {
      await t.deps.limits!.reset("signInFailuresPerAccount", emailLogId(user.email));
      await t.deps.limits!.reset("signInRetryPerAccountIp", `${emailLogId(user.email)}:${ip}`);
    };
    for (let n = 0; n < almost; n++) expect((await signIn(user.email, "typo", ip)).outcome).toBe("wrong");
    await undelay();
    expect((await signIn(user.email, user.password, ip)).outcome).toBe("signed-in");
    for (let n = 0; n < almost; n++) expect((await signIn(user.email, "typo", ip)).outcome).toBe("wrong");
    await undelay();
    expect((await signIn(user.email, user.password, ip)).outcome).toBe("signed-in");
  });

  it("logs each failure once with the IP and an HMAC of the email keyed by the server secret, never the email or password", async () => {
    const info = vi.spyOn(log, "info");
    const ip = freshIp();
    await signIn("Someone@Edge.Test", "hunter2-secret", ip);
    const failures = info.mock.calls.filter((c) => c[1] === "sign-in failed");
    const id = emailLogId("someone@edge.test");
    expect(failures).toEqual([[{ ip, account: id }, "sign-in failed"]]);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    // Not a bare hash anyone could compute from a list of addresses: it changes with the secret.
    expect(createHash("sha256").update("someone@edge.test").digest("hex")).not.toContain(id);
    expect(await withEnv({ AUTH_SECRET: "another-secret-another-secret-0123456789" }, () => emailLogId("someone@edge.test"))).not.toBe(id);
    const all = JSON.stringify(info.mock.calls);
    expect(all).not.toMatch(/someone@edge\.test/i);
    expect(all).not.toContain("hunter2-secret");
  });
});

describe("one address flooding the sign-in door", () => {
  it("is refused by its own limit at the door, and another address's sign-ins all go through", async () => {
    const user = await account("Member");
    const edge = await edgeServer();
    const flooder = freshIp();
    // Most of its budget already spent, so the flood reaches its limit within the test.
    for (let i = 0; i < RATE_LIMITS.signInPerIp.points - 4; i++) await t.deps.limits!.consume("signInPerIp", flooder);
    const flood: Record<string, number> = {};
    let stop = false;
    // Eight connections from one address, each sending wrong sign-ins as fast as it is answered.
    const workers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        const { outcome } = await edge.post(`nobody-${w}-${i}@edge.test`, "wrong", flooder);
        flood[outcome] = (flood[outcome] ?? 0) + 1;
      }
    });
    try {
      // The member signs in from addresses of its own while the flood goes on: while the flood
      // still spends hashes, and once its limit refuses it (at least 9 sign-ins in all).
      const member: { outcome: string; ms: number }[] = [];
      while ((member.length < 9 || !flood["429"]) && member.length < 60) member.push(await edge.post(user.email, user.password, freshIp()));
      expect(flood["429"]).toBeGreaterThan(0);
      expect(member.map((r) => r.outcome)).toEqual(Array(member.length).fill("signed-in"));
      // Waiting at most for the flood's one hash in progress, then its own.
      for (const r of member) expect(r.ms).toBeLessThan(5000);
    } finally {
      stop = true;
      await Promise.all(workers);
      await edge.close();
    }
    // The flood spent at most its per-address limit on hashes; past it, refused (429), and
    // past its share of the door, busy (503): never a share of anyone else's.
    expect(flood.wrong ?? 0).toBeLessThanOrEqual(4 + HASHING_POSTS_PER_ADDRESS);
    expect(flood["429"] ?? 0).toBeGreaterThan(0);
    expect(flood["signed-in"]).toBeUndefined();
  }, 120_000);
});

describe("a password spray through the door from many addresses", () => {
  it("cannot fill the sign-in slots: the admin's right password from a new address signs in within seconds", async () => {
    const admin = await account("SprayedAdmin");
    const edge = await edgeServer();
    // Addresses each sending as many at once as the door lets it.
    // (Twenty-five addresses of two requests each: the number a review found to fill the door
    // while each request slept there for the account's delay. Far more addresses than that are a
    // botnet, which fills any door; the limits per address are the defence there.)
    const addresses = Array.from({ length: 25 }, () => freshIp());
    let stop = false;
    const spray: Record<string, number> = {};
    const workers = addresses.flatMap((ip, a) =>
      Array.from({ length: HASHING_POSTS_PER_ADDRESS }, async (_, w) => {
        for (let i = 0; !stop && i < 6; i++) {
          const { outcome } = await edge.post(admin.email, `guess-${a}-${w}-${i}`, ip);
          spray[outcome] = (spray[outcome] ?? 0) + 1;
        }
      }),
    );
    try {
      await vi.waitFor(() => expect(spray.wrong ?? 0).toBeGreaterThan(SIGN_IN_FREE_FAILURES + 5), { timeout: 60_000, interval: 50 });
      const tries: { outcome: string; ms: number }[] = [];
      for (let i = 0; i < 3; i++) tries.push(await edge.post(admin.email, admin.password, freshIp()));
      expect(tries.map((r) => r.outcome)).toEqual(["signed-in", "signed-in", "signed-in"]);
      for (const r of tries) expect(r.ms).toBeLessThan(5000);
    } finally {
      stop = true;
      await Promise.all(workers);
      await edge.close();
    }
    // The sprayers' repeat tries were refused by their gate, not let in to sleep.
    expect(spray["429"] ?? 0).toBeGreaterThan(0);
    expect(spray["signed-in"]).toBeUndefined();
  }, 120_000);
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
  it("a sign-up or sign-in waits its turn while the slots are busy, and one address gets one turn waiting, not more", async () => {
    const user = await account("Patient");
    const release = await occupyHashSlots();
    const ip = freshIp();
    try {
      // Its one turn in the queue: it waits for the slot.
      const waiting = signIn(user.email, user.password, ip);
      await vi.waitFor(() => expect(hashSlotState().waiting).toBe(1));
      // A second one from the same address, while the first waits, is busy at once.
      const again = await signIn(user.email, user.password, ip);
      expect(again.status).toBe(503);
      expect(again.body?.error?.code).toBe("busy");
      const signup = await run(
        t,
        signupHandler,
        request("/api/signup", { body: { email: `busy-${ipCounter}@x.dev`, name: "B", password: "long enough" }, headers: { [CLIENT_IP_HEADER]: ip } }),
      );
      expect(signup.status).toBe(503);
      release();
      expect((await waiting).outcome).toBe("signed-in");
    } finally {
      release();
    }
  });
});

describe("account discovery", () => {
  it("sign-up answers a taken email exactly as a free one, and takes about as long", async () => {
    const taken = await account("Taken");
    const signup = async (email: string) => {
      const started = performance.now();
      const res = await run(
        t,
        signupHandler,
        request("/api/signup", { body: { email, name: "Someone", password: "long enough" }, headers: { [CLIENT_IP_HEADER]: freshIp() } }),
      );
      return { status: res.status, body: res.body, ms: performance.now() - started };
    };
    const free = await signup(`free-${++ipCounter}@edge.test`);
    const existing = await signup(taken.email.toUpperCase());
    expect(existing.status).toBe(free.status);
    expect(existing.body).toEqual(free.body);
    expect(existing.body).toEqual({ accepted: true });
    // Both spend the hash: without it the taken email answers in a few ms against ~100+.
    expect(existing.ms).toBeGreaterThan(free.ms * 0.4);
    // And nothing about the existing account changed: its owner's password still works, the new one does not.
    expect((await signIn(taken.email, taken.password, freshIp())).outcome).toBe("signed-in");
    expect((await signIn(taken.email, "long enough", freshIp())).outcome).toBe("wrong");
  });

  it("an unknown email, and an account without a password, still cost a password hash", async () => {
    const oauthOnly = await createUser(t.deps, { email: `oauth-${++ipCounter}@edge.test`, name: "OAuth" });
    const release = await occupyHashSlots();
    try {
      // Only a hash waits for a slot: so these would hash. (Each waits in its own queue, so a
      // second one for the same queue is refused busy at once.)
      const ghost = verifyCredentials(t.deps.db, "ghost@edge.test", "whatever", "q1");
      const oauth = verifyCredentials(t.deps.db, oauthOnly.email, "whatever", "q2");
      await expect(verifyCredentials(t.deps.db, "ghost@edge.test", "whatever", "q1")).rejects.toMatchObject({ code: "busy" });
      await expect(verifyCredentials(t.deps.db, oauthOnly.email, "whatever", "q2")).rejects.toMatchObject({ code: "busy" });
      release();
      expect(await ghost).toBeNull();
      expect(await oauth).toBeNull();
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
