// Which runs may start now, and claiming one (PRODUCT.md 9, 10). Queued runs and waiting
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

export async function runnableRuns(ctx: GatewayCtx, limit = 100): Promise<Candidate[]> {
  const rows = await ctx.db.run.findMany({
    where: {
      OR: [{ status: "queued" }, { status: "waiting_reply", resumeAt: { lte: ctx.clock.now() } }],
      agent: { enabled: true },
    },
    orderBy: { queuedAt: "asc" },
    take: limit,
    select: { id: true, agentId: true, status: true },
  });
  return rows.filter((r) => !ctx.executing.has(r.id)) as Candidate[];
}

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
