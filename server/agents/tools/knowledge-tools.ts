// Memories, goals and plans tools: thin wrappers over the domain functions the admin panel uses too.
import { z } from "zod";
import { deleteMemories, getMemories, setMemories } from "../../domain/agents/memories";
import { deleteGoals, setGoals } from "../../domain/agents/goals";
import { deletePlans, getPlans, setPlans } from "../../domain/agents/plans";
import { provenanceOf, type RunScope } from "./run-scope";

export const setMemoriesSchema = z.object({
  memories: z.array(z.object({ key: z.string(), value: z.string() })).min(1).max(50),
});
export const getMemoriesSchema = z.object({ keys: z.array(z.string()).max(200).optional() });
export const deleteMemoriesSchema = z.object({ keys: z.array(z.string()).min(1).max(200) });

export const setGoalsSchema = z.object({
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
});
export const deleteGoalsSchema = z.object({ ids: z.array(z.string()).min(1).max(50) });

export const setPlansSchema = z.object({
  plans: z
    .array(
      z.object({
        name: z.string().describe("Unique per agent; setting an existing name replaces that plan"),
        instruction: z.string().describe("What to do when the plan fires"),
        runAfter: z.string().optional().describe('"30 minutes", "2 hours", "1 day", "1 week"'),
        scheduledAt: z.string().optional().describe("ISO time"),
        cron: z.string().optional().describe("Cron expression in UTC, for recurring plans"),
      }),
    )
    .min(1)
    .max(20),
});
export const getPlansSchema = z.object({});
export const deletePlansSchema = z.object({ ids: z.array(z.string()).max(50).optional(), names: z.array(z.string()).max(50).optional() });

// Reads and deletes see only what this run's reach covers; writes record where they came from.
export const knowledgeTools = {
  set_memories: (s: RunScope, i: z.infer<typeof setMemoriesSchema>) =>
    setMemories(s.ctx.db, s.agent.id, i.memories, provenanceOf(s), s.run.reach).then((memories) => ({ saved: memories })),
  get_memories: (s: RunScope, i: z.infer<typeof getMemoriesSchema>) =>
    getMemories(s.ctx.db, s.agent.id, i.keys, s.run.reach).then((m) => ({ memories: m.map(({ key, value }) => ({ key, value })) })),
  delete_memories: (s: RunScope, i: z.infer<typeof deleteMemoriesSchema>) => deleteMemories(s.ctx.db, s.agent.id, i.keys, s.run.reach),
  set_goals: (s: RunScope, i: z.infer<typeof setGoalsSchema>) =>
    setGoals(s.ctx.db, s.agent.id, i.goals, provenanceOf(s), s.run.reach).then((goals) => ({ goals })),
  delete_goals: (s: RunScope, i: z.infer<typeof deleteGoalsSchema>) => deleteGoals(s.ctx.db, s.agent.id, i.ids, s.run.reach),
  set_plans: async (s: RunScope, i: z.infer<typeof setPlansSchema>) => {
    const plans = await setPlans(s.ctx.db, s.agent.id, i.plans, s.ctx.clock.now(), provenanceOf(s), s.run.reach);
    s.ctx.kick();
    return { plans };
  },
  get_plans: (s: RunScope) => getPlans(s.ctx.db, s.agent.id, s.run.reach).then((plans) => ({ plans })),
  delete_plans: (s: RunScope, i: z.infer<typeof deletePlansSchema>) => deletePlans(s.ctx.db, s.agent.id, i, s.run.reach),
};
