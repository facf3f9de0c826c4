// The run as its executor holds it: every column but the text of its previous model call
// (rewritten before the next one), with its agent. Read once when a run is claimed, and used
// both for the claim's broadcast and for the execution that follows.
import type { GatewayCtx } from "../gateway-context";

/** The run with its agent, or null unless it is `running` (claimed by this process). */
export async function loadRunningRun(ctx: Pick<GatewayCtx, "db">, runId: string) {
  const run = await ctx.db.run.findUnique({ where: { id: runId }, omit: { contextSnapshot: true }, include: { agent: { include: { entity: true } } } });
  return run && run.status === "running" ? run : null;
}

export type RunningRun = NonNullable<Awaited<ReturnType<typeof loadRunningRun>>>;
