// delete_plans: deletes plans by id or name, only those this run's reach covers.
import { z } from "zod";
import { deletePlans } from "../../domain/agents/delete-plans";
import { provenanceOf } from "./run-scope";
import { defineTool } from "./tool";

export const deletePlansTool = defineTool({
  name: "delete_plans",
  description: "Delete plans by id or name.",
  inputSchema: z.object({ ids: z.array(z.string()).max(50).optional(), names: z.array(z.string()).max(50).optional() }),
  execute: (s, i) => deletePlans(s.ctx, { entityId: s.agent.entityId, run: provenanceOf(s) }, { agentId: s.agent.id, ...i }),
});
