// Who among the admins may see a run's content, for realtime run events: each admin's sockets
// get the run as redact-run.ts shows it to them, so a live timeline tells an admin no more than
// the inspector would. One query per event: the run's spaces, and which of them each admin is in.
import type { Db } from "../../db/client";
import type { RunOrigin, RunViewer } from "./redact-run";

export interface AdminRunViewer {
  entityId: string;
  viewer: RunViewer;
}

/** `run`: the run's origin if the caller has it, else it is read with the admins. */
export async function adminRunViewers(db: Db, runId: string, run?: RunOrigin): Promise<{ origin: RunOrigin; admins: AdminRunViewer[] } | null> {
  const rows = await db.$queryRaw<{ entityId: string | null; reach: string[]; triggerSpaceId: string | null; spaces: string[] | null }[]>`
    SELECT u."entityId", r.reach, r."triggerSpaceId",
      ARRAY(SELECT m."spaceId" FROM "Membership" m JOIN "Space" s ON s.id = m."spaceId"
            WHERE m."entityId" = u."entityId" AND s."archivedAt" IS NULL
              AND (m."spaceId" = ANY(r.reach) OR m."spaceId" = r."triggerSpaceId")) AS spaces
    FROM "Run" r LEFT JOIN "User" u ON u."isAdmin"
    WHERE r.id = ${runId}`;
  const first = rows[0];
  if (!first) return null;
  return {
    // The caller's row is newer than nothing, and the same run: prefer it when given.
    origin: run ?? { reach: first.reach, triggerSpaceId: first.triggerSpaceId },
    admins: rows.flatMap((r) => (r.entityId ? [{ entityId: r.entityId, viewer: { spaces: new Set(r.spaces ?? []) } }] : [])),
  };
}
