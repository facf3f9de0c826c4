// delete_plans: deletes plans by id or name, only those this run's reach covers.
import { z } from "zod";
import { deletePlans } from "../../domain/agents/plans";
import { defineTool } from "./tool";

export const deletePlansTool = defineTool({
  name: "delete_plans",
  description: "Delete plans by id or name.",
  inputSchema: z.object({ ids: z.array(z.string()).max(50).optional(), names: z.array(z.string()).max(50).optional() }),
  execute: (s, i) => deletePlans(s.ctx.db, s.agent.id, i, s.run.reach),
});
