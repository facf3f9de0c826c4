// Signing up with a password: the policy (SIGNUP, SIGNUP_DOMAINS) is asked first, then the
// account is made, then the members of the spaces it joined (#general) hear of the new member.
// There is no actor: nobody is signed in yet, so this takes (deps, input).
//
// A taken email is not an error here: the caller answers the same for it as for a new account
// (no "this email exists" for anyone to collect addresses with), and the hash is spent either
// way, so the timing matches too. Its owner is not told either: Parley sends no email yet.
import type { Deps } from "../deps";
import { isAppError } from "../errors";
import { announceNewMember } from "../spaces/announce-new-member";
import { createUser } from "./create-user";
import { assertSignupAllowed, type SignupPolicy } from "./signup-policy";

export async function signUp(
  deps: Pick<Deps, "db" | "events">,
  input: { email: string; name: string; password: string; policy: SignupPolicy; hashQueue?: string },
): Promise<{ created: Awaited<ReturnType<typeof createUser>> | null }> {
  // A quick refusal before the hash; createUser asks again under its lock, where it cannot race.
  await assertSignupAllowed(deps.db, input.policy, input.email);
  let user: Awaited<ReturnType<typeof createUser>>;
  try {
    user = await createUser(deps, input);
  } catch (e) {
    if (isAppError(e) && e.code === "conflict") return { created: null };
    throw e;
  }
  // New people join #general: its members' lists update live, without a refetch.
  await announceNewMember(deps, { entityId: user.entityId, userId: user.id });
  return { created: user };
}
