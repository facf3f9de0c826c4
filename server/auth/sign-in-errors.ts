// What a refused OAuth sign-in or connect says. The callback redirects with a reason code
// (never a free-text message: a crafted link must not put words on our page); the pages
// turn the code into a sentence here, server-side, where the signup policy is known.
import type { OAuthRefusal } from "../domain/users/link-oauth-account";
import { providerLabel } from "../domain/users/link-oauth-account";
import { signupDomainsMessage, type SignupRefusal } from "../domain/users/signup-policy";
import { OAUTH_PROVIDERS } from "./oauth-providers";

export type OAuthErrorCode = OAuthRefusal | SignupRefusal | "deactivated";

const OURS = new Set<string>(["email_exists", "email_unverified", "linked_elsewhere", "no_email", "signup_closed", "signup_domain", "deactivated"]);

export const isOAuthErrorCode = (code: unknown): code is OAuthErrorCode => typeof code === "string" && OURS.has(code);

/** The redirect target for a refusal: the sign-in page, or Settings when connecting. */
export function oauthErrorUrl(page: "/signin" | "/settings", code: OAuthErrorCode, provider: string): string {
  return `${page}?${new URLSearchParams({ error: code, provider })}`;
}

/** A readable sentence for `?error=…` (ours or next-auth's), or null when there is none. */
export function signInErrorMessage(code: string | string[] | undefined, provider: string | string[] | undefined, domains: readonly string[]): string | null {
  if (typeof code !== "string" || !code) return null;
  const p = typeof provider === "string" && (OAUTH_PROVIDERS as readonly string[]).includes(provider) ? providerLabel(provider) : "that provider";
  switch (code) {
    case "email_exists":
      return `An account with this email exists; sign in with your password and connect ${p} in Settings.`;
    case "email_unverified":
      return `${p} did not confirm that its email address is verified, so it cannot be connected to your account.`;
    case "linked_elsewhere":
      return `This ${p} account is already connected to another Parley account.`;
    case "no_email":
      return `${p} did not share an email address with Parley.`;
    case "signup_closed":
      return "Sign-up is closed on this workspace. Ask an admin for an account.";
    case "signup_domain":
      return domains.length ? `${signupDomainsMessage(domains)}.` : "Sign-up is limited to certain email domains on this workspace.";
    case "deactivated":
      return "This account is deactivated. Ask an admin to reactivate it.";
    case "AccessDenied":
      return "Sign-in was refused.";
    case "OAuthCallbackError":
    case "OAuthSignin":
      return "The sign-in provider did not complete the sign-in. Try again.";
    case "CredentialsSignin":
      return "Wrong email or password.";
    default:
      return "Sign-in failed. Try again, or sign in with your email and password.";
  }
}
