// Which runs may start now. Queued runs and waiting runs whose reply arrived (or whose wait
// timed out) are runnable; claimRun (transitions.ts) starts one within the agent's cap.
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
      WHERE a.enabled AND a."archivedAt" IS NULL AND (r.status = 'queued' OR (r.status = 'waiting_reply' AND r."resumeAt" <= ${now}::timestamp))
    ) x
    WHERE rn <= ${PER_AGENT}
    ORDER BY "queuedAt"
    LIMIT ${limit}`;
  return rows.filter((r) => !ctx.executing.has(r.id));
}

const PER_AGENT = 10;
