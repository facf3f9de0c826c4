// stop_run: cancels one of the agent's own runs, never one acting for a wider audience than
// this run (one requester could otherwise cancel another's work). Its errors never repeat the
// id it was given: a run narrowed later must not find a copied id in its own trace.
import { z } from "zod";
import { AppError } from "../../domain/errors";
import { cancelRun } from "../runs/transitions";
import { reachCovers, runsWithin } from "../reach/reach";
import { defineTool } from "./tool";

export const stopRunTool = defineTool({
  name: "stop_run",
  description: "Cancel one of your runs (queued, running or waiting).",
  inputSchema: z.object({ runId: z.string() }),
  async execute(scope, input) {
    const { ctx } = scope;
    const run = await ctx.db.run.findFirst({
      where: { id: input.runId, agentId: scope.agent.id, ...runsWithin(scope.run.reach, scope.run.id) },
      select: { agentId: true, status: true, reach: true },
    });
    if (!run || !reachCovers(scope.run.reach, run.reach)) throw new AppError("not_found", "No such run: none of your runs that this run may see has that id.");
    if (input.runId === scope.run.id) {
      scope.state.stopped = true;
      return { runId: input.runId, status: "canceled", note: "This run stops after this step." };
    }
    const ok = await cancelRun(ctx, input.runId, `stopped by ${scope.agent.name} from run ${scope.run.id}`);
    if (!ok) throw new AppError("conflict", `That run already ended (${run.status}).`);
    return { runId: input.runId, status: "canceled" };
  },
});
