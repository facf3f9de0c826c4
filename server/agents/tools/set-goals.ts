// set_goals: creates goals or updates them by id; an update keeps the goal's reach (domain/agents/set-goals.ts).
import { z } from "zod";
import { setGoals } from "../../domain/agents/set-goals";
import { provenanceOf } from "./run-scope";
import { defineTool } from "./tool";

export const setGoalsTool = defineTool({
  name: "set_goals",
  description: "Create goals, or update them by id (status, priority, long-term). Goals an admin set are read-only.",
  inputSchema: z.object({
    goals: z
      .array(
        z.object({
          id: z.string().optional().describe("Update this goal; omit to create one"),
          description: z.string().optional(),
          status: z.enum(["active", "completed", "abandoned"]).optional(),
          priority: z.number().int().min(0).max(100).optional().describe("Lower is more important"),
          longTerm: z.boolean().optional(),
        }),
      )
      .min(1)
      .max(50),
  }),
  execute: (s, i) =>
    setGoals(s.ctx, { entityId: s.agent.entityId, run: provenanceOf(s) }, { agentId: s.agent.id, goals: i.goals }).then((goals) => ({ goals })),
});
