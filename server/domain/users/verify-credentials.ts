import type { Db } from "../../db/client";
import { verifyDummyPassword, verifyPassword } from "./password";

/**
 * The user for an email + password, or null. Unknown emails and accounts without a password
 * (OAuth-only) still pay for one scrypt verification, so neither the answer nor its timing
 * says which accounts exist. The hash waits its turn in `queue` (the client's address) and
 * throws AppError("busy") when that queue is full. Part of signing in, before there is an
 * actor, so it takes (db, email, password, queue).
 */
export async function verifyCredentials(db: Db, email: string, password: string, queue?: string) {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() }, include: { entity: true } });
  if (!user?.passwordHash) return verifyDummyPassword(password, queue).then(() => null);
  // A deactivated account is refused after the hash, so the timing says nothing either.
  return (await verifyPassword(password, user.passwordHash, queue)) && !user.deactivatedAt ? user : null;
}
