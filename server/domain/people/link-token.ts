// Invite and password-reset links carry a random token shown once; only its SHA-256 hash is
// stored (32 random bytes, so a slow hash adds nothing), as for API tokens.
import { randomBytes } from "node:crypto";
import { hashToken } from "../users/api-token-auth";

export const INVITE_TOKEN_PREFIX = "inv_";
export const RESET_TOKEN_PREFIX = "pwr_";

export function newLinkToken(prefix: string): { token: string; tokenHash: string } {
  const token = prefix + randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

export { hashToken };
