// get_my_runs: the agent's own runs, newest first, limited to spaces in this run's reach.
import { z } from "zod";
import { GET_MY_RUNS_LIMIT } from "@/lib/limits";
import { RUN_STATUSES } from "@/lib/runs/run-status";
import { reachCovers, runsWithin } from "../reach/reach";
import { readBeyond } from "../context/run-actions";
import { defineTool } from "./tool";

export const getMyRunsTool = defineTool({
  name: "get_my_runs",
  description: "List your own runs, newest first.",
  inputSchema: z.object({
    status: z.enum(RUN_STATUSES).optional(),
    limit: z.number().int().min(1).max(50).optional().describe(`Default ${GET_MY_RUNS_LIMIT}`),
  }),
  async execute(scope, input) {
    const runs = await scope.ctx.db.run.findMany({
      // Only runs from spaces in this run's reach: others would tell who asked what, where.
      where: { agentId: scope.agent.id, ...runsWithin(scope.run.reach, scope.run.id), ...(input.status ? { status: input.status } : {}) },
      orderBy: { queuedAt: "desc" },
      take: input.limit ?? GET_MY_RUNS_LIMIT,
    });
    // A run narrowed after a model call that could read more (a reply from someone who sees
    // less) keeps its reason to itself, as in FAILED RUNS: it may quote what that call read.
    const calls = await scope.ctx.db.runEvent.findMany({
      where: { runId: { in: runs.filter((r) => reachCovers(scope.run.reach, r.reach)).map((r) => r.id) }, type: "context" },
      select: { runId: true, type: true, data: true },
    });
    const readMore = new Set(calls.filter((e) => readBeyond([e], scope.run.reach)).map((e) => e.runId));
    return {
      runs: runs.map((r) => {
        // A run that reached further than this one may carry words from there in its reason or wait.
        const covered = reachCovers(scope.run.reach, r.reach) && !readMore.has(r.id);
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
  },
});
