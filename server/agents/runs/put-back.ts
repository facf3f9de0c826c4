// A run whose model call a shutdown cut off is left for another process, never stranded in
// this one: a `running` run goes back to the queue (any process's worker claims it within
// a tick), and a run that had just asked with send_message(wait) is parked, so the reply or
// its timeout resumes it anywhere. Called once the run's tool calls have settled, so a
// message being posted is posted (and recorded) before the run moves.
import type { GatewayCtx } from "../gateway-context";
import { requeueRun } from "./transitions";
import { park } from "./waits";

export const PUT_BACK_REASON = "put back in the queue: its server shut down before the model call ended";

export async function putBack(ctx: GatewayCtx, runId: string): Promise<"queued" | "parked" | "ended"> {
  if (await requeueRun(ctx, runId, PUT_BACK_REASON)) return "queued";
  const row = await ctx.db.run.findUnique({ where: { id: runId }, select: { status: true, resumeAt: true } });
  if (row?.status !== "waiting_reply") return "ended"; // it completed, failed or was canceled meanwhile
  if (!row.resumeAt) await park(ctx, runId);
  return "parked";
}
