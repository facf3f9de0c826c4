// One round trip, because socket setup runs for every connection and on the embedded
// database every round trip waits its turn on the one connection.
import { Prisma } from "@/generated/prisma/client";
import type { Db } from "../../db/client";

/**
 * A socket's last check once it has joined its rooms, in one round trip: whether its credential
 * is still live, and the spaces its entity is a member of now; null when no longer live.
 * "Live" is what isSessionLive and userForApiToken accept: a session row of this user, not
 * expired; a token not revoked.
 */
export async function liveMemberships(db: Db, who: { entityId: string; userId: string; tokenId?: string; sid?: string }): Promise<string[] | null> {
  if (!who.tokenId && !who.sid) return null;
  const now = new Date().toISOString();
  const live = who.tokenId
    ? Prisma.sql`EXISTS (SELECT 1 FROM "ApiToken" WHERE id = ${who.tokenId} AND "revokedAt" IS NULL)`
    : Prisma.sql`EXISTS (SELECT 1 FROM "Session" WHERE "sessionToken" = ${who.sid} AND "userId" = ${who.userId} AND expires > ${now}::timestamp)`;
  const [row] = await db.$queryRaw<{ live: boolean; spaces: string[] }[]>`
    SELECT ${live} AS live, ARRAY(SELECT "spaceId" FROM "Membership" WHERE "entityId" = ${who.entityId}) AS spaces`;
  return row?.live ? row.spaces : null;
}
