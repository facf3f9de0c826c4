import type { Db } from "../../db/client";
import { AppError } from "../errors";
import { createUser } from "./create-user";

/** Our user for an OAuth sign-in: by linked account, else by email, else a new account. */
export async function linkOAuthAccount(
  db: Db,
  input: { email: string; name: string; provider: string; providerAccountId: string; type: string },
) {
  const linked = await db.account.findUnique({
    where: { provider_providerAccountId: { provider: input.provider, providerAccountId: input.providerAccountId } },
    include: { user: true },
  });
  if (linked) return linked.user;
  if (!input.email) throw new AppError("bad_request", "The provider did not share an email address");
  const user =
    (await db.user.findUnique({ where: { email: input.email.toLowerCase() } })) ??
    (await createUser(db, { email: input.email, name: input.name }));
  await db.account.create({
    data: { userId: user.id, provider: input.provider, providerAccountId: input.providerAccountId, type: input.type },
  });
  return user;
}
