// set_plans: schedules runs of the agent itself; a plan runs later with its maker's reach, in
// the space it was made in.
import { z } from "zod";
import { setPlans } from "../../domain/agents/set-plans";
import { provenanceOf } from "./run-scope";
import { defineTool } from "./tool";

export const setPlansTool = defineTool({
  name: "set_plans",
  description: "Schedule runs of yourself: each plan has a name, an instruction and exactly one of runAfter, scheduledAt or cron.",
  inputSchema: z.object({
    plans: z
      .array(
        z.object({
          name: z.string().describe("Setting a name you already use replaces that plan; plans an admin set are read-only"),
          instruction: z.string().describe("What to do when the plan fires"),
          runAfter: z.string().optional().describe('"30 minutes", "2 hours", "1 day", "1 week"'),
          scheduledAt: z.string().optional().describe("ISO time"),
          cron: z.string().optional().describe("Cron expression in UTC, for recurring plans"),
        }),
      )
      .min(1)
      .max(20),
  }),
  async execute(s, i) {
    const plans = await setPlans(s.ctx, { entityId: s.agent.entityId, run: provenanceOf(s) }, { agentId: s.agent.id, plans: i.plans, now: s.ctx.clock.now() });
    s.ctx.kick(); // a plan due now should not wait for the next tick
    return { plans };
  },
});
