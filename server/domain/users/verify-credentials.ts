import type { Db } from "../../db/client";
import { verifyPassword } from "./password";

/** The user for an email + password, or null. Same answer for unknown email and bad password. */
export async function verifyCredentials(db: Db, email: string, password: string) {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() }, include: { entity: true } });
  if (!user?.passwordHash) return null;
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}
