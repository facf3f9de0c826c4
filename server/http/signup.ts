// POST /api/signup { email, name, password } → 202 { accepted: true }, the same for a new
// email and a taken one (no account discovery; the domain spends the hash either way). The
// form then signs in: with a new account that works; with a taken email the password is the
// owner's, so it fails like any wrong password. 400 for a short password or invalid email,
// 403 when the signup policy (SIGNUP, SIGNUP_DOMAINS) refuses: neither depends on the email
// being taken. No auth. Signing in goes through next-auth (app/api/auth), which owns the cookie.
import { z } from "zod";
import { displayName } from "@/lib/display-name";
import { emailLogId } from "../auth/email-log-id";
import { signUp } from "../domain/users/sign-up";
import { signupPolicyOf } from "../domain/users/signup-policy";
import { env } from "../env";
import { log } from "../log";
import { clientIp } from "./client-ip";
import { endpoint } from "./endpoint";
import { readJson } from "./read-json";
import { json } from "./respond";

// Only these keys are read: an `isAdmin` in the body is dropped. The minimum password
// length is createUser's; the maximum only bounds the work a request can cause.
const body = z.object({
  email: z.email("Enter a valid email address").max(254),
  name: displayName,
  password: z.string().max(200),
});

export const signupHandler = endpoint(async (req, deps) => {
  const ip = clientIp(req);
  // Every attempt counts, before any work: each costs a password hash, valid or not.
  await deps.limits?.consume("signupPerIp", ip);
  const input = await readJson(req, body);
  const { created } = await signUp(deps, { ...input, policy: signupPolicyOf(env()), hashQueue: ip });
  if (!created) log.info({ ip, account: emailLogId(input.email) }, "sign-up for a taken email");
  return json({ accepted: true }, 202);
});
