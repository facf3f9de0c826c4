// The agent's toolset as AI SDK tools. Each call is recorded in the run's timeline (input
// and result); domain errors come back to the model as `{ error }` results it can read and
// react to, instead of failing the run.
import { type Schema, tool, type ToolSet, zodSchema } from "ai";
import type { z } from "zod";
import { isAppError } from "../../domain/errors";
import { appendRunEvent } from "../runs/run-events";
import { log } from "../../log";
import type { RunScope } from "./run-scope";
import { offeredTools } from "./registry";
import { toolErrorText } from "./tool-error";
import type { AgentTool } from "./tool";

// The SDK turns a bare zod schema into JSON Schema again on every model call; each tool's
// converted once here, the SDK's schema object keeps its JSON Schema after the first call.
const sdkSchemas = new WeakMap<AgentTool, Schema<Record<string, unknown>>>();
function sdkInputSchema(t: AgentTool): Schema<Record<string, unknown>> {
  let schema = sdkSchemas.get(t);
  if (!schema) sdkSchemas.set(t, (schema = zodSchema(t.inputSchema as z.ZodType<Record<string, unknown>>)));
  return schema;
}

/** `enabled` empty means every tool. */
export function buildTools(scope: RunScope, enabled: readonly string[]): ToolSet {
  const tools: ToolSet = {};
  // The SDK starts every tool call of a step at once. A run's calls must act in the order the
  // model wrote them (enter_space, then send_message posts in the entered space), so each
  // call waits for the one before it.
  let previous: Promise<unknown> = Promise.resolve();
  const inOrder = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = previous.then(fn, fn);
    previous = next.catch(() => {});
    scope.state.toolCalls = previous;
    return next;
  };
  for (const t of offeredTools(enabled, scope.run.triggerType)) {
    const name = t.name;
    tools[name] = tool({
      description: t.description,
      inputSchema: sdkInputSchema(t),
      execute: (input, { toolCallId }) =>
        inOrder(async () => {
          await appendRunEvent(scope.ctx, scope.run.id, "tool_call", { toolCallId, name, input });
          let output: unknown;
          try {
            output = await t.execute(scope, input, toolCallId);
          } catch (e) {
            if (!isAppError(e)) log.error({ err: e, tool: name, runId: scope.run.id }, "tool failed");
            output = { error: isAppError(e) ? toolErrorText(e.message, input) : `The ${name} tool failed unexpectedly.` };
          }
          await appendRunEvent(scope.ctx, scope.run.id, "tool_result", { toolCallId, name, output });
          return output;
        }),
    });
  }
  return tools;
}
