// Which runs may start now. Queued runs and waiting runs whose reply arrived (or whose wait
// timed out) are runnable; claimRun (transitions.ts) starts one within the agent's cap. A run
// queued for a space where the same agent already has a run executing waits for it to end
// (held): it would otherwise race that run over the same messages and answer them twice.
// Waiting runs do not hold anyone up.
import { Prisma } from "@/generated/prisma/client";
import type { GatewayCtx } from "../gateway-context";

export interface Candidate {
  id: string;
  agentId: string;
  status: "queued" | "waiting_reply";
}

/**
 * The oldest runnable runs, at most PER_AGENT per agent: one agent with a long queue (a
 * webhook firing in a loop) cannot hide other agents' runs or due waits from the worker.
 */
export async function runnableRuns(ctx: GatewayCtx, limit = 200): Promise<Candidate[]> {
  const now = ctx.clock.now().toISOString();
  const rows = await ctx.db.$queryRaw<Candidate[]>`
    SELECT id, "agentId", status::text AS status FROM (
      SELECT r.id, r."agentId", r.status, r."queuedAt",
             ROW_NUMBER() OVER (PARTITION BY r."agentId" ORDER BY r."queuedAt") AS rn
      FROM "Run" r JOIN "Agent" a ON a.id = r."agentId"
      WHERE a.enabled AND a."archivedAt" IS NULL
        AND ((r.status = 'queued' AND NOT ${heldSql}) OR (r.status = 'waiting_reply' AND r."resumeAt" <= ${now}::timestamp))
    ) x
    WHERE rn <= ${PER_AGENT}
    ORDER BY "queuedAt"
    LIMIT ${limit}`;
  return rows.filter((r) => !ctx.executing.has(r.id));
}

const PER_AGENT = 10;

/**
 * True for a queued run `r` that must wait: a message run of the same agent is running in its
 * trigger space. The one rule, used by the worker's look-up and by the claim under the lock.
 */
export const heldSql = Prisma.sql`(r."triggerType" = 'space_message' AND EXISTS (
  SELECT 1 FROM "Run" o
  WHERE o."agentId" = r."agentId" AND o.status = 'running' AND o.id <> r.id
    AND o."triggerType" = 'space_message' AND o."triggerSpaceId" = r."triggerSpaceId"))`;
