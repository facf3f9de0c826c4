// The grouped queries behind the usage page: one row per (agent, day, model), per (day,
// status) and per day, never per run, so 30 days of any number of runs is a few hundred rows.
// Days are UTC days of when the run was queued ("queuedAt" is stored in UTC, without a zone);
// `since` goes in as text and is cast, so the database session's time zone plays no part.
import type { Db } from "../../db/client";

export interface TokenRow {
  agentId: string;
  day: string;
  model: string;
  input: number;
  cachedInput: number;
  output: number;
}

export interface OutcomeRow {
  day: string;
  status: "completed" | "failed" | "canceled";
  runs: number;
}

export interface DurationRow {
  day: string;
  runs: number;
  medianMs: number | null;
  p95Ms: number | null;
}

/** Tokens by agent, day and the model the run called (the agent's current model for runs that never called one). */
export function tokenRows(db: Db, since: string): Promise<TokenRow[]> {
  return db.$queryRaw<TokenRow[]>`
    SELECT r."agentId" AS "agentId", to_char(r."queuedAt", 'YYYY-MM-DD') AS day, COALESCE(r."modelId", a."modelId") AS model,
           SUM(r."inputTokens")::float8 AS input, SUM(r."cachedInputTokens")::float8 AS "cachedInput", SUM(r."outputTokens")::float8 AS output
    FROM "Run" r JOIN "Agent" a ON a.id = r."agentId"
    WHERE r."queuedAt" >= ${since}::timestamp
    GROUP BY 1, 2, 3`;
}

export function outcomeRows(db: Db, since: string): Promise<OutcomeRow[]> {
  return db.$queryRaw<OutcomeRow[]>`
    SELECT to_char("queuedAt", 'YYYY-MM-DD') AS day, status::text AS status, COUNT(*)::int AS runs
    FROM "Run"
    WHERE "queuedAt" >= ${since}::timestamp AND status::text IN ('completed', 'failed', 'canceled')
    GROUP BY 1, 2`;
}

/** Median and 95th percentile (interpolated, as percentile_cont does) of ended runs' endedAt − startedAt. */
export function durationRows(db: Db, since: string): Promise<DurationRow[]> {
  return db.$queryRaw<DurationRow[]>`
    SELECT to_char("queuedAt", 'YYYY-MM-DD') AS day, COUNT(*)::int AS runs,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM ("endedAt" - "startedAt")) * 1000)::float8 AS "medianMs",
           percentile_cont(0.95) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM ("endedAt" - "startedAt")) * 1000)::float8 AS "p95Ms"
    FROM "Run"
    WHERE "queuedAt" >= ${since}::timestamp AND "startedAt" IS NOT NULL AND "endedAt" IS NOT NULL
    GROUP BY 1`;
}
