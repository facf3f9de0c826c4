// POST /api/signup { email, name, password } → 201 { user: { id, email, name } }.
// No auth. 409 for a taken email, 400 for a short password or invalid email, 403 when the
// signup policy (SIGNUP, SIGNUP_DOMAINS) refuses. Signing in
// afterwards goes through next-auth (app/api/auth), which owns the session cookie.
import { z } from "zod";
import { displayName } from "@/lib/display-name";
import { signUp } from "../domain/users/sign-up";
import { signupPolicyOf } from "../domain/users/signup-policy";
import { env } from "../env";
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
  // Every attempt counts, before any work: each costs a password hash, valid or not.
  await deps.limits?.consume("signupPerIp", clientIp(req));
  const input = await readJson(req, body);
  const user = await signUp(deps, { ...input, policy: signupPolicyOf(env()) });
  return json({ user: { id: user.id, email: user.email, name: user.entity.name } }, 201);
});
