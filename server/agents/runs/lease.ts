// Who is executing a `running` run, across processes: the executing process touches the
// run's updatedAt every HEARTBEAT_MS; a run untouched for STALE_AFTER_MS lost its process
// (crash, kill -9) and any process may take it over. Wall-clock time on purpose: this is
// about processes being alive, not about the gateway's (injectable) clock.
import type { GatewayCtx } from "../gateway-context";

export const HEARTBEAT_MS = 15_000;
export const STALE_AFTER_MS = 60_000;

/** Also notices a cancel made by another process: the run is no longer live, so the local call is aborted. */
export function startHeartbeat(ctx: Pick<GatewayCtx, "db">, runId: string, abort: AbortController, every = HEARTBEAT_MS): () => void {
  const timer = setInterval(() => {
    void ctx.db.run
      .updateMany({ where: { id: runId, status: { in: ["running", "waiting_reply"] } }, data: { updatedAt: new Date() } })
      .then(({ count }) => {
        if (count === 0) abort.abort(new Error("the run was canceled"));
      })
      .catch(() => {});
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}

/** Runs whose process stopped: `running` (or an unparked wait) with no heartbeat for STALE_AFTER_MS. */
export async function staleRuns(ctx: GatewayCtx) {
  const cutoff = new Date(Date.now() - STALE_AFTER_MS);
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
