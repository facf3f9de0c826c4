// The model call itself: the run's context (as cache-friendly messages: prompt-caching.ts) and
// tools, bounded by the steps left and the abort; every finished step counted on the run and
// recorded in its timeline, cached input tokens included; the stream read for the model's own
// text and send_message drafts.
import { stepCountIs, streamText, type StepResult, type ToolSet } from "ai";
import { Prisma } from "@/generated/prisma/client";
import type { GatewayCtx } from "../gateway-context";
import type { ResolvedModel } from "../models/resolve-model";
import { type ModelContext, modelPrompt, promptCaching } from "../models/prompt-caching";
import { stepUsage } from "../models/step-usage";
import { modelCallMetrics } from "../models/model-call-metrics";
import { buildTools } from "../tools/build-tools";
import { pageShrunk, type RunScope } from "../tools/run-scope";
import type { DraftStream } from "./draft-stream";
import { appendRunEvent } from "./run-events";
import { boundSteps, type StepBudget } from "./prepare-step";

export interface ModelCall {
  model: ResolvedModel;
  context: ModelContext;
  enabledTools: string[];
  remainingSteps: number;
  signal: AbortSignal;
  steps?: StepBudget;
}

export function startModelCall(ctx: GatewayCtx, scope: RunScope, call: ModelCall) {
  return streamText({
    model: call.model.model,
    ...modelPrompt(call.context, promptCaching(call.model.model, scope.agent.id)),
    tools: buildTools(scope, call.enabledTools),
    stopWhen: [stepCountIs(call.remainingSteps), () => scope.state.paused || scope.state.stopped],
    abortSignal: call.signal,
    temperature: call.model.temperature,
    maxOutputTokens: call.model.maxOutputTokens,
    maxRetries: 1,
    onStepFinish: (step) => recordStep(ctx, scope.run.id, step),
    // A page shrunk to its preview counts as seen only as far as the preview shows.
    prepareStep: boundSteps(call.steps, (toolCallId, preview) => pageShrunk(scope, toolCallId, preview)),
    ...modelCallMetrics(),
  });
}

/** One model call's tokens counted on the run and recorded in its timeline, cache reads included. */
export async function recordStep(
  ctx: Pick<GatewayCtx, "db" | "events">,
  runId: string,
  step: Pick<StepResult<ToolSet>, "usage" | "text" | "toolCalls" | "finishReason">,
): Promise<void> {
  const usage = stepUsage(step.usage);
  await appendRunEvent(
    ctx,
    runId,
    "model_step",
    {
      text: step.text,
      toolCalls: step.toolCalls.map((c) => c.toolName),
      finishReason: step.finishReason,
      usage: { input: usage.input, output: usage.output, cachedInput: usage.cachedInput },
    },
    // The run's counters, in the event's statement.
    Prisma.sql`"stepCount" = "stepCount" + ${step.toolCalls.length ? 1 : 0}::int,
      "inputTokens" = "inputTokens" + ${usage.input}::int,
      "cachedInputTokens" = "cachedInputTokens" + ${usage.cachedInput ?? 0}::int,
      "outputTokens" = "outputTokens" + ${usage.output}::int,
      "totalTokens" = "totalTokens" + ${usage.total}::int`,
  );
}

/** What the model wrote so far: its own text (never posted) and the drafts of its messages. */
export interface StreamedOutput {
  text: string;
  drafts: DraftStream;
}

/** A tool's refusal comes back as an `{ error }` result (build-tools.ts). */
const refusedResult = (output: unknown) => !!output && typeof output === "object" && "error" in output;

/** Reads the call to its end; throws what broke it (an error part, or the abort's reason). */
export async function readStream(result: ReturnType<typeof startModelCall>, out: StreamedOutput, signal: AbortSignal): Promise<void> {
  let streamError: unknown;
  for await (const part of result.fullStream) {
    if (part.type === "text-delta") out.text += part.text;
    else if (part.type === "tool-input-start" && part.toolName === "send_message") out.drafts.begin(part.id);
    else if (part.type === "tool-input-delta") await out.drafts.append(part.id, part.delta);
    else if (part.type === "tool-input-end") await out.drafts.end(part.id);
    else if (part.type === "tool-call") out.drafts.called(part.toolCallId);
    else if (part.type === "tool-error" || (part.type === "tool-result" && refusedResult(part.output))) out.drafts.refused(part.toolCallId);
    else if (part.type === "tool-result") out.drafts.settled(part.toolCallId);
    else if (part.type === "error") streamError = part.error;
    else if (part.type === "abort") streamError = signal.reason ?? new Error("aborted");
  }
  if (streamError) throw streamError;
}
