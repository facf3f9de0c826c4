// The reads every socket connection makes (who it is, its spaces, whether its credential is
// still live), coalesced across connections: while one read is in flight, the next ones wait
// and go as one query. A burst of reconnects (every client of a restarted process) costs a
// handful of queries instead of three per socket. Plain SQL, because the ORM's per-query
// work is most of the cost of a one-row read on the embedded database.
import type { Db } from "../../db/client";
import { coalescingLoader } from "../../db/coalescing-loader";
import { isLiveSessionRow } from "./sessions";

/** A session's user, as authentication needs it, and the spaces its entity is a member of. */
export interface SessionUser {
  id: string;
  email: string;
  isAdmin: boolean;
  entityId: string;
  entity: { name: string };
  spaceIds: string[];
}

export interface ConnectLookups {
  /** The user behind a live session (isLiveSessionRow), or null. */
  userForSession(sid: string, userId: string): Promise<SessionUser | null>;
  /** The spaces an entity is a member of now. */
  memberships(entityId: string): Promise<string[]>;
  /**
   * A socket's last check once it has joined its rooms: whether its credential is still live
   * (a session of this user, not expired; a token not revoked), and its spaces now; null when
   * no longer live.
   */
  liveMemberships(who: { entityId: string; userId: string; tokenId?: string; sid?: string }): Promise<string[] | null>;
}

interface SessionRow {
  sid: string;
  userId: string;
  expires: Date;
  email: string;
  isAdmin: boolean;
  entityId: string;
  name: string;
  spaceIds: string[];
}

export function connectLookups(db: Db): ConnectLookups {
  const sessions = coalescingLoader<string, SessionRow | null>(async (sids) => {
    const rows = await db.$queryRaw<SessionRow[]>`
      SELECT s."sessionToken" AS sid, s."userId", s.expires, u.email, u."isAdmin", u."entityId", e.name,
             ARRAY(SELECT m."spaceId" FROM "Membership" m WHERE m."entityId" = u."entityId") AS "spaceIds"
      FROM "Session" s JOIN "User" u ON u.id = s."userId" JOIN "Entity" e ON e.id = u."entityId"
      WHERE s."sessionToken" = ANY(${[...sids]}::text[]) AND u."deactivatedAt" IS NULL`;
    return new Map(rows.map((r) => [r.sid, r]));
  }, null);
  const spaces = coalescingLoader<string, string[]>(async (entityIds) => {
    const rows = await db.$queryRaw<{ entityId: string; spaceId: string }[]>`
      SELECT "entityId", "spaceId" FROM "Membership" WHERE "entityId" = ANY(${[...entityIds]}::text[])`;
    const out = new Map<string, string[]>();
    for (const r of rows) out.set(r.entityId, [...(out.get(r.entityId) ?? []), r.spaceId]);
    return out;
  }, []);
  const liveTokens = coalescingLoader<string, boolean>(async (ids) => {
    const rows = await db.$queryRaw<{ id: string }[]>`SELECT t.id FROM "ApiToken" t JOIN "User" u ON u.id = t."userId"
      WHERE t.id = ANY(${[...ids]}::text[]) AND t."revokedAt" IS NULL AND u."deactivatedAt" IS NULL`;
    return new Map(rows.map((r) => [r.id, true]));
  }, false);

  const userForSession = async (sid: string, userId: string): Promise<SessionUser | null> => {
    const row = await sessions.load(sid);
    if (!row || !isLiveSessionRow(row, userId)) return null;
    return { id: row.userId, email: row.email, isAdmin: row.isAdmin, entityId: row.entityId, entity: { name: row.name }, spaceIds: row.spaceIds };
  };
  return {
    userForSession,
    memberships: (entityId) => spaces.load(entityId),
    async liveMemberships(who) {
      if (who.sid) return (await userForSession(who.sid, who.userId))?.spaceIds ?? null;
      if (!who.tokenId) return null;
      const [live, now] = await Promise.all([liveTokens.load(who.tokenId), spaces.load(who.entityId)]);
      return live ? now : null;
    },
  };
}
