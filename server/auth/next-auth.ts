// next-auth (v5) configuration: email + password through the Credentials provider, and
// GitHub / Google when their env keys are set. Sessions are JWTs in a cookie, which the
// Socket.IO handshake decodes too (server/auth/session-cookie.ts); each carries a session
// id backed by a Session row, so sign-out takes effect on the server. An OAuth identity is
// joined to an existing account only from a signed-in session that asked for it
// (server/auth/link-intent.ts) and with an email the provider vouches for; the rules are
// in server/domain/users/link-oauth-account.ts.
import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import Google from "next-auth/providers/google";
import type { Provider } from "next-auth/providers";
import { cookies, headers } from "next/headers";
import { getDb } from "../db/client";
import { env } from "../env";
import { clientIp } from "../http/client-ip";
import { authorizeOrRecord, signInWithPassword } from "./credentials-sign-in";
import { linkOAuthAccount } from "../domain/users/link-oauth-account";
import { signupPolicyOf } from "../domain/users/signup-policy";
import { isAppError } from "../domain/errors";
import { log } from "../log";
import { SESSION_MAX_AGE_S, sessionFromCookieHeader } from "./session-cookie";
import { isSessionLive } from "../domain/users/sessions";
import { checkServerSession, endServerSession, startServerSession } from "./server-sessions";
import { nullSink } from "../domain/deps";
import { getRuntime } from "../runtime";
import { LINK_COOKIE, LINK_COOKIE_PATH, verifyLinkIntent } from "./link-intent";
import { oauthEmailVerified } from "./oauth-email-verified";
import { isOAuthErrorCode, oauthErrorUrl } from "./sign-in-errors";

function providers(): Provider[] {
  const e = env();
  const list: Provider[] = [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      // Rate limits and the hashing limit live in signInWithPassword; their refusals reach
      // the client as 429/503 through the route guard (server/http/auth-route-guard.ts).
      authorize: async (credentials, request) => {
        const email = typeof credentials?.email === "string" ? credentials.email : "";
        const password = typeof credentials?.password === "string" ? credentials.password : "";
        if (!email || !password) return null;
        const { limits } = getRuntime();
        const user = await authorizeOrRecord(() => signInWithPassword({ db: getDb(), limits }, { email, password, ip: clientIp(request) }));
        return user ? { id: user.id, email: user.email, name: user.entity.name } : null;
      },
    }),
  ];
  if (e.AUTH_GITHUB_ID && e.AUTH_GITHUB_SECRET) list.push(GitHub({ clientId: e.AUTH_GITHUB_ID, clientSecret: e.AUTH_GITHUB_SECRET }));
  if (e.AUTH_GOOGLE_ID && e.AUTH_GOOGLE_SECRET) list.push(Google({ clientId: e.AUTH_GOOGLE_ID, clientSecret: e.AUTH_GOOGLE_SECRET }));
  return list;
}

/** signIn → jwt hand-over: next-auth passes the same account object to both callbacks. */
const resolvedUsers = new WeakMap<object, string>();

/**
 * The user id of a pending "connect <provider>" from Settings, if it is valid, for this
 * provider, and made by the session this browser still has. The cookie is deleted either
 * way: an intent is good for one attempt.
 */
async function takeLinkIntent(provider: string, secret: string | undefined): Promise<string | undefined> {
  const jar = await cookies();
  const raw = jar.get(LINK_COOKIE)?.value;
  if (!raw) return undefined;
  jar.delete({ name: LINK_COOKIE, path: LINK_COOKIE_PATH });
  if (!secret) return undefined;
  const intent = verifyLinkIntent(raw, secret);
  if (!intent || intent.provider !== provider) return undefined;
  const session = await sessionFromCookieHeader((await headers()).get("cookie"), secret);
  if (session?.userId !== intent.userId || !(await isSessionLive(getDb(), session.sid, session.userId))) return undefined;
  return intent.userId;
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: env().AUTH_SECRET,
  trustHost: true,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
  pages: { signIn: "/signin" },
  // next-auth's own errors go to our log. A wrong password (CredentialsSignin) is left out:
  // signInWithPassword logs each failure once, without the email.
  logger: {
    error: (err) => {
      if ((err as { type?: string }).type !== "CredentialsSignin") log.error({ err }, "auth error");
    },
    warn: (code) => log.warn({ code }, "auth warning"),
  },
  providers: providers(),
  callbacks: {
    // OAuth: decide here which of our users this identity is, so a refusal can redirect
    // with a reason (a throw in `jwt` would only say "Configuration").
    async signIn({ user, account, profile }) {
      if (!account || account.provider === "credentials") return true;
      const e = env();
      const linkToUserId = await takeLinkIntent(account.provider, e.AUTH_SECRET);
      const email = String(profile?.email ?? user?.email ?? "");
      try {
        const ours = await linkOAuthAccount(
          getDb(),
          {
            provider: account.provider,
            providerAccountId: account.providerAccountId,
            type: account.type,
            email,
            emailVerified: await oauthEmailVerified({ provider: account.provider, email, profile, accessToken: account.access_token }),
            name: String(profile?.name ?? user?.name ?? email),
            linkToUserId,
          },
          signupPolicyOf(e),
        );
        // A deactivated person's provider identity still resolves to them: refuse here, with a reason.
        if (ours.deactivatedAt) {
          log.info({ provider: account.provider }, "oauth sign-in refused: account deactivated");
          return oauthErrorUrl("/signin", "deactivated", account.provider);
        }
        resolvedUsers.set(account, ours.id);
        return true;
      } catch (err) {
        const reason = isAppError(err) ? (err.details as { reason?: unknown } | undefined)?.reason : undefined;
        if (!isOAuthErrorCode(reason)) throw err;
        log.info({ provider: account.provider, reason, linking: Boolean(linkToUserId) }, "oauth sign-in refused");
        return oauthErrorUrl(linkToUserId ? "/settings" : "/signin", reason, account.provider);
      }
    },
    async jwt({ token, account, user }) {
      // OAuth: the provider's id is not ours; the session is the user signIn resolved.
      if (account && account.provider !== "credentials") {
        const ours = resolvedUsers.get(account);
        if (!ours) throw new Error("OAuth sign-in reached the session without a resolved user");
        token.sub = ours;
      }
      // Sign-in starts a server-side session; every later read checks it is still live, so
      // signing out (here or everywhere) ends this cookie at once (server-sessions.ts).
      return user ? startServerSession(getDb(), token) : checkServerSession(getDb(), token);
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
  events: {
    // Sign-out ends the session on the server too: the cookie is refused from now on
    // (even a copy of it) and the sockets it opened are closed.
    async signOut(message) {
      if ("token" in message) await endServerSession(processDeps(), message.token);
    },
  },
}));

/** The process's database and sink; without server/main.ts (plain `next dev`) no socket is open to close. */
function processDeps() {
  try {
    return getRuntime();
  } catch {
    return { db: getDb(), events: nullSink };
  }
}
