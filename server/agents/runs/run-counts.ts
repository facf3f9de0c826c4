// Run counts for the metrics gauges, read on each scrape: both are index lookups (Run's
// status and (status, resumeAt) indexes) over live runs only, never a scan of ended history.
import type { Db } from "../../db/client";
import { LIVE_RUN_STATUSES } from "@/lib/runs/run-status";
import { heldSql } from "./claim";

/** Runs not ended yet, by status. */
export async function liveRunCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db.run.groupBy({ by: ["status"], where: { status: { in: [...LIVE_RUN_STATUSES] } }, _count: { _all: true } });
  return Object.fromEntries(rows.map((r) => [r.status, r._count._all]));
}

/** The runs a worker could start now: the same condition as runnableRuns (claim.ts), counted. */
export async function runQueueDepth(db: Db, now: Date): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n
    FROM "Run" r JOIN "Agent" a ON a.id = r."agentId"
    WHERE a.enabled AND a."archivedAt" IS NULL
      AND ((r.status = 'queued' AND NOT ${heldSql}) OR (r.status = 'waiting_reply' AND r."resumeAt" <= ${now.toISOString()}::timestamp))`;
  return row?.n ?? 0;
}
