// get_my_runs and stop_run: an agent sees and stops only its own runs.
import { z } from "zod";
import { GET_MY_RUNS_LIMIT } from "@/lib/limits";
import { AppError } from "../../domain/errors";
import { transition } from "../runs/transitions";
import type { RunScope } from "./run-scope";
import { reachCovers, runsWithin } from "../reach/reach";

const statuses = ["queued", "running", "waiting_reply", "completed", "failed", "canceled"] as const;

export const getMyRunsSchema = z.object({
  status: z.enum(statuses).optional(),
  limit: z.number().int().min(1).max(50).optional().describe(`Default ${GET_MY_RUNS_LIMIT}`),
});

export async function getMyRunsTool(scope: RunScope, input: z.infer<typeof getMyRunsSchema>) {
  const runs = await scope.ctx.db.run.findMany({
    // Only runs from spaces in this run's reach: others would tell who asked what, where.
    where: { agentId: scope.agent.id, ...runsWithin(scope.run.reach, scope.run.id), ...(input.status ? { status: input.status } : {}) },
    orderBy: { queuedAt: "desc" },
    take: input.limit ?? GET_MY_RUNS_LIMIT,
  });
  return {
    runs: runs.map((r) => {
      // A run that reached further than this one may carry words from there in its reason or wait.
      const covered = reachCovers(scope.run.reach, r.reach);
      return {
        id: r.id,
        thisRun: r.id === scope.run.id,
        status: r.status,
        triggerType: r.triggerType,
        triggerSpaceId: r.triggerSpaceId,
        triggerMessageId: r.triggerMessageId,
        chainDepth: r.chainDepth,
        waitingOn: covered ? ((r.waitState as { messageId?: string } | null)?.messageId ?? null) : null,
        queuedAt: r.queuedAt.toISOString(),
        endedAt: r.endedAt?.toISOString() ?? null,
        statusReason: covered ? r.statusReason : null,
      };
    }),
  };
}

export const stopRunSchema = z.object({ runId: z.string() });

export async function stopRunTool(scope: RunScope, input: z.infer<typeof stopRunSchema>) {
  const { ctx } = scope;
  const run = await ctx.db.run.findFirst({
    where: { id: input.runId, agentId: scope.agent.id, ...runsWithin(scope.run.reach, scope.run.id) },
    select: { agentId: true, status: true, reach: true },
  });
  // Only runs acting for no wider audience than this one: otherwise one requester could cancel another's work.
  if (!run || !reachCovers(scope.run.reach, run.reach)) throw new AppError("not_found", `You have no run ${input.runId}`);
  if (input.runId === scope.run.id) {
    scope.state.stopped = true;
    return { runId: input.runId, status: "canceled", note: "This run stops after this step." };
  }
  const ok = await transition(ctx, input.runId, "canceled", {}, `stopped by ${scope.agent.name} from run ${scope.run.id}`);
  if (!ok) throw new AppError("conflict", `Run ${input.runId} already ended (${run.status})`);
  ctx.executing.get(input.runId)?.abort(new Error("stopped by stop_run"));
  return { runId: input.runId, status: "canceled" };
}
