// Who is executing a `running` run, across processes: the executing process touches the
// run's updatedAt HEARTBEATS_PER_LEASE times per lease (ctx.leaseMs, RUN_LEASE_MS unless
// PARLEY_RUN_LEASE_MS says); a run untouched for a whole lease lost its process (crash,
// kill -9) and any process may take it over. Wall-clock time on purpose: this is about
// processes being alive, not about the gateway's (injectable) clock.
import { HEARTBEATS_PER_LEASE } from "@/lib/limits";
import type { GatewayCtx } from "../gateway-context";

export const heartbeatEvery = (leaseMs: number) => Math.floor(leaseMs / HEARTBEATS_PER_LEASE);

/**
 * Also notices a cancel made by another process: the run is no longer live, so the local call
 * is aborted. The first beat goes at once, beside the run's first reads: a cancel that landed
 * between the claim and this start found no call here to abort, and would otherwise be
 * noticed only a beat later, after the model may have acted for a canceled run.
 */
export function startHeartbeat(ctx: Pick<GatewayCtx, "db" | "leaseMs">, runId: string, abort: AbortController): () => void {
  const beat = () =>
    void ctx.db.run
      .updateMany({ where: { id: runId, status: { in: ["running", "waiting_reply"] } }, data: { updatedAt: new Date() } })
      .then(({ count }) => {
        if (count === 0) abort.abort(new Error("the run was canceled"));
      })
      .catch(() => {});
  beat();
  const timer = setInterval(beat, heartbeatEvery(ctx.leaseMs));
  timer.unref();
  return () => clearInterval(timer);
}

/** Runs whose process stopped: `running` (or an unparked wait) with no heartbeat for a whole lease. */
export async function staleRuns(ctx: GatewayCtx) {
  const cutoff = new Date(Date.now() - ctx.leaseMs);
  const rows = await ctx.db.run.findMany({
    where: { updatedAt: { lt: cutoff }, OR: [{ status: "running" }, { status: "waiting_reply", resumeAt: null }] },
    select: { id: true, status: true, updatedAt: true },
    take: 50,
  });
  return rows.filter((r) => !ctx.executing.has(r.id));
}

/** Takes over a stale run: only one process wins (conditional on the updatedAt it saw). */
export async function takeOver(ctx: GatewayCtx, run: { id: string; updatedAt: Date }): Promise<boolean> {
  const { count } = await ctx.db.run.updateMany({ where: { id: run.id, updatedAt: run.updatedAt }, data: { updatedAt: new Date() } });
  return count === 1;
}
