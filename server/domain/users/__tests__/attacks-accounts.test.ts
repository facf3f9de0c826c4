// Taking over accounts through sign-up and OAuth, and the answers that stop it: an OAuth
// identity never joins an existing account by matching email at sign-in; connecting one
// needs a signed-in session's signed intent and an email the provider verified; SIGNUP and
// SIGNUP_DOMAINS refuse both paths (but let the first account of an empty database in).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, TEST_SECRET, type TestServer, type TestUser } from "@/server/testing/test-server";
import { openTestDatabase } from "@/server/testing/test-database";
import { withEnv } from "@/server/testing/with-env";
import { httpDeps, request, run } from "@/server/testing/http";
import { signupHandler } from "@/server/http/signup";
import { linkIntentHandler } from "@/server/http/oauth-link-intent";
import { nullSink } from "@/server/domain/deps";
import { isAppError } from "@/server/domain/errors";
import { linkOAuthAccount, type OAuthIdentity } from "../link-oauth-account";
import { assertSignupAllowed, type SignupPolicy } from "../signup-policy";
import { createApiToken } from "../create-api-token";
import { createUser } from "../create-user";
import { openDatabase } from "@/server/db/open";
import { env } from "@/server/env";
import { LINK_COOKIE, signLinkIntent, verifyLinkIntent, LINK_INTENT_TTL_MS } from "@/server/auth/link-intent";
import { oauthEmailVerified, type FetchLike } from "@/server/auth/oauth-email-verified";
import { signInErrorMessage } from "@/server/auth/sign-in-errors";

const OPEN: SignupPolicy = { mode: "open", domains: [] };
const GOOGLE_ENV = { AUTH_GOOGLE_ID: "google-id", AUTH_GOOGLE_SECRET: "google-secret" };

let t: TestServer;
let admin: TestUser;
let adminEmail: string;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.user("Ada", { isAdmin: true });
  adminEmail = (await t.deps.db.user.findUniqueOrThrow({ where: { id: admin.userId } })).email;
});
afterAll(() => t?.close());

let n = 0;
const identity = (over: Partial<OAuthIdentity> = {}): OAuthIdentity => ({
  provider: "google",
  providerAccountId: `google-${++n}`,
  type: "oidc",
  email: `someone-${n}@elsewhere.dev`,
  emailVerified: true,
  name: "Someone",
  ...over,
});

/** The refusal linkOAuthAccount threw, as { code, reason, message }. */
async function refusal(p: Promise<unknown>) {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!isAppError(e)) throw new Error(`expected an AppError, got ${String(e)}`);
  return { code: e.code, reason: (e.details as { reason?: string } | undefined)?.reason, message: e.message };
}

const accountsOf = (userId: string) => t.deps.db.account.findMany({ where: { userId } });

/** What the Settings "Connect" button does first: POST /api/oauth/link-intent, as `cookie`. */
async function linkIntentCookie(cookie: string, provider = "google"): Promise<string> {
  const res = await linkIntentHandler(request("/api/oauth/link-intent", { cookie, body: { provider } }), httpDeps(t), {});
  expect(res.status).toBe(204);
  const set = res.headers.get("set-cookie") ?? "";
  expect(set).toMatch(new RegExp(`^${LINK_COOKIE}=[^;]+; Path=/api/auth; Max-Age=600; HttpOnly; SameSite=Lax`));
  return set.split(";")[0]!.slice(LINK_COOKIE.length + 1);
}

describe("OAuth sign-in never takes over an existing account", () => {
  it("an unverified identity with the admin's email is refused at sign-in, and nothing is linked to the admin", async () => {
    const r = await refusal(linkOAuthAccount(t.deps.db, identity({ provider: "github", email: adminEmail.toUpperCase(), emailVerified: false }), OPEN));
    expect(r).toEqual({
      code: "conflict",
      reason: "email_exists",
      message: "An account with this email exists; sign in with your password and connect GitHub in Settings",
    });
    expect(await accountsOf(admin.userId)).toEqual([]);
    expect(await t.deps.db.user.count({ where: { email: adminEmail } })).toBe(1);
  });

  it("a verified identity at sign-in (no session) with an existing email is refused too: never linked silently", async () => {
    const r = await refusal(linkOAuthAccount(t.deps.db, identity({ email: adminEmail, emailVerified: true }), OPEN));
    expect(r.code).toBe("conflict");
    expect(r.message).toMatch(/connect Google in Settings/);
    expect(await accountsOf(admin.userId)).toEqual([]);
  });

  it("the sign-in page explains the refusal from the redirect's code, without echoing free text", () => {
    expect(signInErrorMessage("email_exists", "github", [])).toBe(
      "An account with this email exists; sign in with your password and connect GitHub in Settings.",
    );
    expect(signInErrorMessage("email_exists", "<script>", [])).toMatch(/connect that provider in Settings/);
    expect(signInErrorMessage("signup_domain", "google", ["example.com"])).toMatch(/example\.com/);
    expect(signInErrorMessage("Configuration", undefined, [])).toMatch(/Sign-in failed/);
    expect(signInErrorMessage(undefined, undefined, [])).toBeNull();
  });
});

describe("connecting an identity from Settings", () => {
  it("a verified Google profile, from a signed-in session with its signed intent, is linked; later sign-ins find that account", async () => {
    const user = await t.user("Cleo");
    const email = (await t.deps.db.user.findUniqueOrThrow({ where: { id: user.userId } })).email;
    await withEnv(GOOGLE_ENV, async () => {
      const intent = verifyLinkIntent(await linkIntentCookie(user.cookie), TEST_SECRET);
      expect(intent).toMatchObject({ userId: user.userId, provider: "google" });
      // The callback's inputs: Google's profile says the email is verified.
      const profile = { email, email_verified: true, name: "Cleo" };
      const verified = await oauthEmailVerified({ provider: "google", email, profile, accessToken: "ya29.token" });
      expect(verified).toBe(true);
      const id = identity({ providerAccountId: "google-cleo", email, emailVerified: verified, linkToUserId: intent!.userId });
      expect((await linkOAuthAccount(t.deps.db, id, OPEN)).id).toBe(user.userId);
      expect(await accountsOf(user.userId)).toEqual([expect.objectContaining({ provider: "google", providerAccountId: "google-cleo" })]);
      // Signing in with that Google account later (no session) is Cleo.
      const later = await linkOAuthAccount(t.deps.db, { ...id, linkToUserId: undefined }, OPEN);
      expect(later.id).toBe(user.userId);
    });
  });

  it("an unverified email cannot be connected even from a signed-in session", async () => {
    const user = await t.user("Dan");
    const r = await refusal(linkOAuthAccount(t.deps.db, identity({ provider: "github", emailVerified: false, linkToUserId: user.userId }), OPEN));
    expect(r).toMatchObject({ code: "forbidden", reason: "email_unverified" });
    expect(await accountsOf(user.userId)).toEqual([]);
  });

  it("an identity already linked to someone else cannot be connected to the admin", async () => {
    const owner = await t.user("Eve");
    const id = identity({ providerAccountId: "google-eve" });
    await t.deps.db.account.create({ data: { userId: owner.userId, provider: "google", providerAccountId: "google-eve", type: "oidc" } });
    const r = await refusal(linkOAuthAccount(t.deps.db, { ...id, linkToUserId: admin.userId }, OPEN));
    expect(r).toMatchObject({ code: "conflict", reason: "linked_elsewhere" });
    expect(await accountsOf(admin.userId)).toEqual([]);
  });

  it("the link intent: session only, configured providers only, and a forged, expired or edited cookie is no intent", async () => {
    await withEnv(GOOGLE_ENV, async () => {
      const { token: bearer } = await createApiToken(t.deps, admin.actor, { name: "script" });
      const viaToken = await run(t, linkIntentHandler, request("/api/oauth/link-intent", { bearer, body: { provider: "google" } }));
      expect(viaToken.status).toBe(403);
      const unknown = await run(t, linkIntentHandler, request("/api/oauth/link-intent", { cookie: admin.cookie, body: { provider: "github" } }));
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.message).toMatch(/offers google/);
      expect((await run(t, linkIntentHandler, request("/api/oauth/link-intent", { body: { provider: "google" } }))).status).toBe(401);
    });
    await withEnv({ AUTH_GOOGLE_ID: undefined, AUTH_GITHUB_ID: undefined }, async () => {
      const none = await run(t, linkIntentHandler, request("/api/oauth/link-intent", { cookie: admin.cookie, body: { provider: "google" } }));
      expect(none.status).toBe(400);
      expect(none.body.error.message).toMatch(/No sign-in providers/);
    });

    const now = Date.now();
    const value = signLinkIntent({ userId: admin.userId, provider: "google" }, TEST_SECRET, now);
    expect(verifyLinkIntent(value, TEST_SECRET, now)).toMatchObject({ userId: admin.userId });
    expect(verifyLinkIntent(value, "another-secret-another-secret-another", now)).toBeNull();
    expect(verifyLinkIntent(value, TEST_SECRET, now + LINK_INTENT_TTL_MS)).toBeNull();
    const [payload, sig] = value.split(".");
    const edited = Buffer.from(JSON.stringify({ userId: "someone-else", provider: "google", exp: now + 60_000 })).toString("base64url");
    expect(verifyLinkIntent(`${edited}.${sig}`, TEST_SECRET, now)).toBeNull();
    expect(verifyLinkIntent(`${payload}`, TEST_SECRET, now)).toBeNull();
    expect(verifyLinkIntent(undefined, TEST_SECRET, now)).toBeNull();
  });
});

describe("whether the provider vouches for the email", () => {
  const github =
    (body: unknown, ok = true): FetchLike =>
    async () => ({ ok, json: async () => body });

  it("Google: only email_verified === true", async () => {
    const base = { provider: "google", email: "a@x.dev", accessToken: undefined };
    expect(await oauthEmailVerified({ ...base, profile: { email_verified: true } })).toBe(true);
    expect(await oauthEmailVerified({ ...base, profile: { email_verified: false } })).toBe(false);
    expect(await oauthEmailVerified({ ...base, profile: { email_verified: "true" } })).toBe(false);
    expect(await oauthEmailVerified({ ...base, profile: {} })).toBe(false);
  });

  it("GitHub: the address must be listed as verified by /user/emails; any failure is unverified", async () => {
    const base = { provider: "github", email: "A@X.dev", profile: { email: "A@X.dev" }, accessToken: "gho_token" };
    expect(await oauthEmailVerified(base, github([{ email: "a@x.dev", verified: true, primary: true }]))).toBe(true);
    expect(
      await oauthEmailVerified(
        base,
        github([
          { email: "a@x.dev", verified: false },
          { email: "b@x.dev", verified: true },
        ]),
      ),
    ).toBe(false);
    expect(await oauthEmailVerified(base, github({ message: "Bad credentials" }, false))).toBe(false);
    expect(await oauthEmailVerified(base, async () => Promise.reject(new Error("offline")))).toBe(false);
    expect(await oauthEmailVerified({ ...base, accessToken: undefined }, github([{ email: "a@x.dev", verified: true }]))).toBe(false);
    expect(await oauthEmailVerified({ ...base, provider: "gitlab" }, github([{ email: "a@x.dev", verified: true }]))).toBe(false);
  });
});

describe("sign-up policy", () => {
  // Without the per-IP sign-up limit: this file signs up more often than it allows.
  const unlimited = () => ({ ...httpDeps(t), limits: undefined });
  const signup = (body: unknown, deps = unlimited()) => signupHandler(request("/api/signup", { body }), deps, {});

  it("SIGNUP=closed: sign-up answers 403 and OAuth cannot create an account", async () => {
    await withEnv({ SIGNUP: "closed" }, async () => {
      const res = await signup({ email: "late@example.com", name: "Late", password: "long enough" });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: { code: "forbidden", message: "Sign-up is closed on this workspace" } });
      const r = await refusal(linkOAuthAccount(t.deps.db, identity(), { mode: "closed", domains: [] }));
      expect(r).toMatchObject({ code: "forbidden", reason: "signup_closed" });
    });
    expect(await t.deps.db.user.count({ where: { email: "late@example.com" } })).toBe(0);
  });

  it("SIGNUP=closed still lets the first account of an empty database in, as its admin", async () => {
    const empty = await openTestDatabase();
    try {
      await withEnv({ SIGNUP: "closed" }, async () => {
        const deps = { ...unlimited(), db: empty.db, events: nullSink };
        const first = await signup({ email: "owner@example.com", name: "Owner", password: "long enough" }, deps);
        expect(first.status).toBe(202);
        expect((await empty.db.user.findUniqueOrThrow({ where: { email: "owner@example.com" } })).isAdmin).toBe(true);
        const second = await signup({ email: "second@example.com", name: "Second", password: "long enough" }, deps);
        expect(second.status).toBe(403);
      });
    } finally {
      await empty.close();
    }
  });

  it("simultaneous first accounts on an empty database, as two processes: exactly one admin, and with SIGNUP=closed exactly one account", async () => {
    // On PostgreSQL (DATABASE_URL) the second "process" is a client of its own on the same
    // database; on PGlite both share the one connection. Either way createUser takes the same
    // advisory lock, so its count-then-insert cannot interleave. No passwords (as a first OAuth
    // sign-in makes them): in one test process the hashing queue would otherwise serialize the two.
    const CLOSED: SignupPolicy = { mode: "closed", domains: [] };
    for (let round = 0; round < 2; round++) {
      for (const policy of [CLOSED, OPEN]) {
        const empty = await openTestDatabase();
        const other = empty.url ? await openDatabase({ kind: "postgres", url: empty.url }) : undefined;
        try {
          const answers = await Promise.allSettled([
            createUser({ db: empty.db }, { email: `a-${round}@example.com`, name: "A", policy }),
            createUser({ db: other?.db ?? empty.db }, { email: `b-${round}@example.com`, name: "B", policy }),
          ]);
          expect(await empty.db.user.count({ where: { isAdmin: true } })).toBe(1);
          if (policy === CLOSED) {
            expect(answers.map((a) => a.status).sort()).toEqual(["fulfilled", "rejected"]);
            expect(answers.find((a) => a.status === "rejected")).toMatchObject({ reason: { code: "forbidden" } });
            expect(await empty.db.user.count()).toBe(1);
          } else expect(await empty.db.user.count()).toBe(2);
        } finally {
          await other?.close();
          await empty.close();
        }
      }
    }
    // Through the sign-up route too: the one who came second is refused as after anyone else.
    const empty = await openTestDatabase();
    try {
      await withEnv({ SIGNUP: "closed" }, async () => {
        const deps = { ...unlimited(), db: empty.db, events: nullSink };
        const answers = await Promise.all([
          signup({ email: "first@example.com", name: "First", password: "long enough" }, deps),
          signup({ email: "second@example.com", name: "Second", password: "long enough" }, deps),
        ]);
        expect(answers.map((r) => r.status).sort()).toEqual([202, 403]);
        expect(await empty.db.user.count()).toBe(1);
      });
    } finally {
      await empty.close();
    }
  }, 180_000);

  it("SIGNUP_DOMAINS: only those domains, case-insensitive, for sign-up and OAuth alike", async () => {
    await withEnv({ SIGNUP_DOMAINS: "Example.com, @corp.example.org" }, async () => {
      const ok = await signup({ email: "Dana@EXAMPLE.com", name: "Dana", password: "long enough" });
      expect(ok.status).toBe(202);
      const sub = await signup({ email: "x@sub.example.com", name: "X", password: "long enough" });
      expect(sub.status).toBe(403);
      const other = await signup({ email: "mallory@evil.dev", name: "Mallory", password: "long enough" });
      expect(other.status).toBe(403);
      expect((await other.json()).error).toEqual({
        code: "forbidden",
        message: "Sign-up on this workspace is limited to email addresses at example.com, corp.example.org",
      });
    });
    const policy: SignupPolicy = { mode: "open", domains: ["example.com"] };
    const r = await refusal(linkOAuthAccount(t.deps.db, identity({ email: "mallory@evil.dev" }), policy));
    expect(r).toMatchObject({ code: "forbidden", reason: "signup_domain" });
    const made = await linkOAuthAccount(t.deps.db, identity({ email: "Fay@Example.com" }), policy);
    expect(made.email).toBe("fay@example.com");
    expect(made.isAdmin).toBe(false);
    await expect(assertSignupAllowed(t.deps.db, policy, "GUS@example.COM")).resolves.toBeUndefined();
  });

  it("a bad SIGNUP or SIGNUP_DOMAINS value stops the start with a readable error", async () => {
    await withEnv({ SIGNUP: "maybe" }, () => expect(() => env()).toThrow(/SIGNUP/));
    await withEnv({ SIGNUP_DOMAINS: "example.com, not a domain" }, () => expect(() => env()).toThrow(/SIGNUP_DOMAINS/));
  });
});
