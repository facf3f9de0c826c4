// Signing up with a password: the policy (SIGNUP, SIGNUP_DOMAINS) is asked first, then the
// account is made, then the members of the spaces it joined (#general) hear of the new member.
// There is no actor: nobody is signed in yet, so this takes (deps, input).
import type { Deps } from "../deps";
import { announceNewMember } from "../spaces/announce-new-member";
import { createUser } from "./create-user";
import { assertSignupAllowed, type SignupPolicy } from "./signup-policy";

export async function signUp(deps: Pick<Deps, "db" | "events">, input: { email: string; name: string; password: string; policy: SignupPolicy }) {
  const { policy, ...account } = input;
  await assertSignupAllowed(deps.db, policy, account.email);
  const user = await createUser(deps, account);
  // New people join #general: its members' lists update live, without a refetch.
  await announceNewMember(deps, { entityId: user.entityId, userId: user.id });
  return user;
}
