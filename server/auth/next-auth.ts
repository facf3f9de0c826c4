// next-auth (v5) configuration: email + password through the Credentials provider, and
// GitHub / Google when their env keys are set. Sessions are JWTs in a cookie, which the
// Socket.IO handshake decodes too (server/auth/session-cookie.ts).
import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import Google from "next-auth/providers/google";
import type { Provider } from "next-auth/providers";
import { getDb } from "../db/client";
import { env } from "../env";
import { verifyCredentials } from "../domain/users/verify-credentials";
import { linkOAuthAccount } from "../domain/users/link-oauth-account";
import { SESSION_MAX_AGE_S } from "./session-cookie";

function providers(): Provider[] {
  const e = env();
  const list: Provider[] = [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: async (credentials) => {
        const email = typeof credentials?.email === "string" ? credentials.email : "";
        const password = typeof credentials?.password === "string" ? credentials.password : "";
        if (!email || !password) return null;
        const user = await verifyCredentials(getDb(), email, password);
        return user ? { id: user.id, email: user.email, name: user.entity.name } : null;
      },
    }),
  ];
  if (e.AUTH_GITHUB_ID && e.AUTH_GITHUB_SECRET) list.push(GitHub({ clientId: e.AUTH_GITHUB_ID, clientSecret: e.AUTH_GITHUB_SECRET }));
  if (e.AUTH_GOOGLE_ID && e.AUTH_GOOGLE_SECRET) list.push(Google({ clientId: e.AUTH_GOOGLE_ID, clientSecret: e.AUTH_GOOGLE_SECRET }));
  return list;
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: env().AUTH_SECRET,
  trustHost: true,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
  pages: { signIn: "/signin" },
  providers: providers(),
  callbacks: {
    async jwt({ token, user, account, profile }) {
      // OAuth: the provider's id is not ours; find or create our user and use its id.
      if (account && account.provider !== "credentials") {
        const email = (profile?.email ?? user?.email ?? "").toString();
        const ours = await linkOAuthAccount(getDb(), {
          email,
          name: (profile?.name ?? user?.name ?? email).toString(),
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          type: account.type,
        });
        token.sub = ours.id;
      }
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
}));
