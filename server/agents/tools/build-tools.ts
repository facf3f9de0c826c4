// The agent's toolset as AI SDK tools. Each call is recorded in the run's timeline (input
// and result); domain errors come back to the model as `{ error }` results it can read and
// react to, instead of failing the run.
import { tool, type ToolSet } from "ai";
import type { z } from "zod";
import { isAppError } from "../../domain/errors";
import { appendRunEvent } from "../runs/run-events";
import { log } from "../../log";
import type { RunScope } from "./run-scope";
import {
  enterSpaceSchema,
  enterSpaceTool,
  readMessagesSchema,
  readMessagesTool,
  sendMessageSchema,
  sendMessageTool,
} from "./messaging-tools";
import { getMyRunsSchema, getMyRunsTool, stopRunSchema, stopRunTool } from "./run-tools";
import * as k from "./knowledge-tools";

type Impl<S extends z.ZodType> = (scope: RunScope, input: z.infer<S>, toolCallId: string) => Promise<unknown>;
interface Def<S extends z.ZodType = z.ZodType> {
  description: string;
  schema: S;
  run: Impl<S>;
}
const def = <S extends z.ZodType>(description: string, schema: S, run: Impl<S>): Def => ({ description, schema, run: run as Impl<z.ZodType> });

export const TOOL_DEFS: Record<string, Def> = {
  send_message: def(
    "Post a message in the active space. Use messageId to reply to a message; wait=true pauses this run until someone replies.",
    sendMessageSchema,
    sendMessageTool,
  ),
  enter_space: def("Make a space you belong to the active one (where send_message posts).", enterSpaceSchema, (s, i) => enterSpaceTool(s, i)),
  read_messages: def("Read recent messages of a space you belong to, newest last.", readMessagesSchema, (s, i) => readMessagesTool(s, i)),
  get_my_runs: def("List your own runs, newest first.", getMyRunsSchema, (s, i) => getMyRunsTool(s, i)),
  stop_run: def("Cancel one of your runs (queued, running or waiting).", stopRunSchema, (s, i) => stopRunTool(s, i)),
  set_memories: def("Save facts (key → value) you will see in every future run.", k.setMemoriesSchema, k.knowledgeTools.set_memories),
  get_memories: def("Read your memories, optionally only some keys.", k.getMemoriesSchema, k.knowledgeTools.get_memories),
  delete_memories: def("Forget memories by key.", k.deleteMemoriesSchema, k.knowledgeTools.delete_memories),
  set_goals: def("Create goals, or update them by id (status, priority, long-term).", k.setGoalsSchema, k.knowledgeTools.set_goals),
  delete_goals: def("Delete goals by id.", k.deleteGoalsSchema, k.knowledgeTools.delete_goals),
  set_plans: def(
    "Schedule runs of yourself: each plan has a name, an instruction and exactly one of runAfter, scheduledAt or cron.",
    k.setPlansSchema,
    k.knowledgeTools.set_plans,
  ),
  get_plans: def("List your plans.", k.getPlansSchema, (s) => k.knowledgeTools.get_plans(s)),
  delete_plans: def("Delete plans by id or name.", k.deletePlansSchema, k.knowledgeTools.delete_plans),
};

export const ALL_TOOL_NAMES = Object.keys(TOOL_DEFS);

/** `enabled` empty means every tool. */
export function buildTools(scope: RunScope, enabled: string[]): ToolSet {
  const names = enabled.length ? ALL_TOOL_NAMES.filter((n) => enabled.includes(n)) : ALL_TOOL_NAMES;
  const tools: ToolSet = {};
  // The SDK starts every tool call of a step at once. A run's calls must act in the order the
  // model wrote them (enter_space, then send_message posts in the entered space), so each
  // call waits for the one before it.
  let previous: Promise<unknown> = Promise.resolve();
  const inOrder = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = previous.then(fn, fn);
    previous = next.catch(() => {});
    return next;
  };
  for (const name of names) {
    const d = TOOL_DEFS[name]!;
    tools[name] = tool({
      description: d.description,
      inputSchema: d.schema as z.ZodType<Record<string, unknown>>,
      execute: (input, { toolCallId }) =>
        inOrder(async () => {
          await appendRunEvent(scope.ctx, scope.run.id, "tool_call", { toolCallId, name, input });
          let output: unknown;
          try {
            output = await d.run(scope, input, toolCallId);
          } catch (e) {
            if (!isAppError(e)) log.error({ err: e, tool: name, runId: scope.run.id }, "tool failed");
            output = { error: isAppError(e) ? e.message : `The ${name} tool failed unexpectedly.` };
          }
          await appendRunEvent(scope.ctx, scope.run.id, "tool_result", { toolCallId, name, output });
          return output;
        }),
    });
  }
  return tools;
}
