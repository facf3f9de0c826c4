// The OAuth providers this install offers: those whose id and secret are both in env.
import type { Env } from "../env";

export const OAUTH_PROVIDERS = ["github", "google"] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDERS)[number];

export function configuredOAuthProviders(e: Env): OAuthProviderId[] {
  const out: OAuthProviderId[] = [];
  if (e.AUTH_GITHUB_ID && e.AUTH_GITHUB_SECRET) out.push("github");
  if (e.AUTH_GOOGLE_ID && e.AUTH_GOOGLE_SECRET) out.push("google");
  return out;
}
