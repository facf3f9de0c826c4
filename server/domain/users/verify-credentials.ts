import type { Db } from "../../db/client";
import { verifyDummyPassword, verifyPassword } from "./password";

/**
 * The user for an email + password, or null. Unknown emails and accounts without a password
 * (OAuth-only) still pay for one scrypt verification, so neither the answer nor its timing
 * says which accounts exist. Throws AppError("busy") when every hashing slot is taken.
 * Part of signing in, before there is an actor, so it takes (db, email, password).
 */
export async function verifyCredentials(db: Db, email: string, password: string) {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() }, include: { entity: true } });
  if (!user?.passwordHash) return verifyDummyPassword(password).then(() => null);
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}
