// get_plans: the agent's plans this run's reach covers.
import { z } from "zod";
import { getPlans } from "../../domain/agents/get-plans";
import { provenanceOf } from "./run-scope";
import { defineTool } from "./tool";

export const getPlansTool = defineTool({
  name: "get_plans",
  description: "List your plans.",
  inputSchema: z.object({}),
  execute: (s) => getPlans(s.ctx, { entityId: s.agent.entityId, run: provenanceOf(s) }, { agentId: s.agent.id }).then((plans) => ({ plans })),
});
