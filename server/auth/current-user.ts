// The signed-in user for server components (pages), from next-auth's session. auth() runs
// the jwt callback (next-auth.ts), which refuses a session that was signed out.
import { auth } from "./next-auth";
import { getDb } from "../db/client";
import type { MeDto } from "@/lib/realtime/dto";
import { toEntityDto } from "../domain/dto";

export async function currentUser(): Promise<MeDto | null> {
  const session = await auth();
  const userId = session?.user?.id;
  if (!userId) return null;
  const user = await getDb().user.findUnique({ where: { id: userId }, include: { entity: true } });
  if (!user) return null;
  return { userId: user.id, email: user.email, isAdmin: user.isAdmin, entity: toEntityDto(user.entity) };
}
