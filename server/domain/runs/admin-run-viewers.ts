// Who among the admins may see a run's content, for realtime run events: each admin's sockets
// get the run as redact-run.ts shows it to them, so a live timeline tells an admin no more than
// the inspector would. One query gives the run's spaces and which of them each admin is in.
//
// A run appends its events in bursts (a model call's context, steps, tool calls and results),
// so the answer is kept for ADMIN_VIEWERS_TTL_MS per run and shared by the events of a burst,
// instead of a query per event on the agents' lane. The cost of that: an admin who leaves one
// of the run's spaces may get that run's live events whole for up to that long; the inspector's
// pages (redact-run.ts through loadRunViewer) are always exact.
import { ADMIN_VIEWERS_TTL_MS } from "@/lib/limits";
import type { Db } from "../../db/client";
import type { RunOrigin, RunViewer } from "./redact-run";

export interface AdminRunViewer {
  entityId: string;
  viewer: RunViewer;
}

type Answer = { origin: RunOrigin; admins: AdminRunViewer[] } | null;

const recent = new Map<string, { at: number; answer: Promise<Answer> }>();
const MAX_REMEMBERED = 1000;

/** `run`: the run's origin if the caller just read it (used instead of the remembered one). */
export async function adminRunViewers(db: Db, runId: string, run?: RunOrigin): Promise<Answer> {
  const now = Date.now();
  let entry = recent.get(runId);
  if (!entry || now - entry.at > ADMIN_VIEWERS_TTL_MS) {
    if (recent.size >= MAX_REMEMBERED) for (const [id, e] of recent) if (now - e.at > ADMIN_VIEWERS_TTL_MS || recent.size >= MAX_REMEMBERED) recent.delete(id);
    entry = { at: now, answer: lookUp(db, runId) };
    recent.set(runId, entry);
    // A failed lookup is not remembered.
    entry.answer.catch(() => recent.delete(runId));
  }
  const answer = await entry.answer;
  return answer && run ? { ...answer, origin: run } : answer;
}

async function lookUp(db: Db, runId: string): Promise<Answer> {
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
    origin: { reach: first.reach, triggerSpaceId: first.triggerSpaceId },
    admins: rows.flatMap((r) => (r.entityId ? [{ entityId: r.entityId, viewer: { spaces: new Set(r.spaces ?? []) } }] : [])),
  };
}
