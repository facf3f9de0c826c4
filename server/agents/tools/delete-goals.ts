// delete_goals: deletes goals by id, only those this run's reach covers.
import { z } from "zod";
import { deleteGoals } from "../../domain/agents/delete-goals";
import { provenanceOf } from "./run-scope";
import { defineTool } from "./tool";

export const deleteGoalsTool = defineTool({
  name: "delete_goals",
  description: "Delete goals by id.",
  inputSchema: z.object({ ids: z.array(z.string()).min(1).max(50) }),
  execute: (s, i) => deleteGoals(s.ctx, { entityId: s.agent.entityId, run: provenanceOf(s) }, { agentId: s.agent.id, ids: i.ids }),
});
