// What an admin may send to create or change an agent's goals, memories and plans. The HTTP
// routes parse bodies with these (400 with a message per field); the verbs parse again, so
// every other caller gets the same rules.
import { z } from "zod";
import { GOAL_STATUSES } from "@/lib/agents/knowledge-dto";
import { MAX_GOAL_LENGTH } from "../goal-input";
import { MAX_MEMORY_KEY, MAX_MEMORY_VALUE } from "../memory-limits";
import { MAX_PLAN_INSTRUCTION } from "../plan-view";
import { fieldErrors } from "../../errors";

const goalFields = {
  description: z.string().trim().min(1, "Describe the goal").max(MAX_GOAL_LENGTH, `At most ${MAX_GOAL_LENGTH} characters`),
  status: z.enum(GOAL_STATUSES),
  priority: z.number().int("A whole number").min(0, "0 or more").max(100, "At most 100"),
  longTerm: z.boolean(),
};
export const goalCreateInput = z
  .object({
    ...goalFields,
    status: goalFields.status.default("active"),
    priority: goalFields.priority.default(0),
    longTerm: goalFields.longTerm.default(false),
  })
  .strict();
export const goalUpdateInput = z.object(goalFields).partial().strict();

const memoryFields = {
  key: z.string().trim().min(1, "Give the memory a key").max(MAX_MEMORY_KEY, `At most ${MAX_MEMORY_KEY} characters`),
  value: z.string().max(MAX_MEMORY_VALUE, `At most ${MAX_MEMORY_VALUE} characters`),
};
export const memoryCreateInput = z.object(memoryFields).strict();
export const memoryUpdateInput = z.object(memoryFields).partial().strict();

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v || null);
const planFields = {
  name: z.string().trim().min(1, "Name the plan").max(100, "At most 100 characters"),
  instruction: z.string().trim().min(1, "Say what the run should do").max(MAX_PLAN_INSTRUCTION, `At most ${MAX_PLAN_INSTRUCTION} characters`),
};
/** One of runAfter ("2 hours"), scheduledAt (ISO time) or cron; schedule.ts checks each. */
const scheduleFields = { runAfter: optionalText(40), scheduledAt: optionalText(40), cron: optionalText(120) };
export const planCreateInput = z.object({ ...planFields, ...scheduleFields }).strict();
/** A schedule sent replaces the old one (send exactly one of the three); leave all three out to keep it. */
export const planUpdateInput = z
  .object({ ...planFields, ...scheduleFields })
  .partial()
  .strict();

export type GoalCreate = z.input<typeof goalCreateInput>;
export type GoalUpdate = z.input<typeof goalUpdateInput>;
export type MemoryCreate = z.input<typeof memoryCreateInput>;
export type MemoryUpdate = z.input<typeof memoryUpdateInput>;
export type PlanCreate = z.input<typeof planCreateInput>;
export type PlanUpdate = z.input<typeof planUpdateInput>;

/** Parses with `schema`, refusing with one message per field (like the HTTP boundary). */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const i of parsed.error.issues) fields[i.path.join(".") || "body"] ??= i.message;
  throw fieldErrors(fields);
}
