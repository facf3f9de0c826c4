// get_plans: the agent's plans this run's reach covers.
import { z } from "zod";
import { getPlans } from "../../domain/agents/plans";
import { defineTool } from "./tool";

export const getPlansTool = defineTool({
  name: "get_plans",
  description: "List your plans.",
  inputSchema: z.object({}),
  execute: (s) => getPlans(s.ctx.db, s.agent.id, s.run.reach).then((plans) => ({ plans })),
});
