// Which runs may start now, and claiming one. Queued runs and waiting
// runs whose reply arrived (or whose wait timed out) are runnable; an agent runs at most
// maxConcurrentRuns at once. The claim takes a per-agent advisory lock, so processes
// sharing the database cannot overshoot the cap or claim the same run twice.
import type { GatewayCtx } from "../gateway-context";
import { appendRunEvent } from "./run-events";
import { broadcastRun } from "./transitions";

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
      WHERE a.enabled AND (r.status = 'queued' OR (r.status = 'waiting_reply' AND r."resumeAt" <= ${now}::timestamp))
    ) x
    WHERE rn <= ${PER_AGENT}
    ORDER BY "queuedAt"
    LIMIT ${limit}`;
  return rows.filter((r) => !ctx.executing.has(r.id));
}

const PER_AGENT = 10;

/** "claimed", or "full" when the agent is at its cap, or "gone" when someone else moved the run. */
export async function claimRun(ctx: GatewayCtx, c: Candidate): Promise<"claimed" | "full" | "gone"> {
  const now = ctx.clock.now();
  const outcome = await ctx.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${c.agentId}))`;
    const [running, agent] = await Promise.all([
      tx.run.count({ where: { agentId: c.agentId, status: "running" } }),
      tx.agent.findUniqueOrThrow({ where: { id: c.agentId }, select: { maxConcurrentRuns: true } }),
    ]);
    if (running >= agent.maxConcurrentRuns) return "full" as const;
    const { count } = await tx.run.updateMany({
      where: c.status === "queued" ? { id: c.id, status: "queued" } : { id: c.id, status: "waiting_reply", resumeAt: { lte: now } },
      data: c.status === "queued" ? { status: "running", startedAt: now } : { status: "running", resumeAt: null },
    });
    return count === 1 ? ("claimed" as const) : ("gone" as const);
  });
  if (outcome === "claimed") {
    await appendRunEvent(ctx, c.id, "status", { status: "running", ...(c.status === "waiting_reply" ? { reason: "resumed after wait" } : {}) });
    await broadcastRun(ctx, c.id);
  }
  return outcome;
}
