// The model call itself: the run's context and tools, bounded by the steps left and the abort;
// every finished step counted on the run and recorded in its timeline; the stream read for the
// model's own text and send_message drafts.
import { stepCountIs, streamText, type StepResult, type ToolSet } from "ai";
import type { GatewayCtx } from "../gateway-context";
import type { ResolvedModel } from "../models/resolve-model";
import { buildTools } from "../tools/build-tools";
import type { RunScope } from "../tools/run-scope";
import type { DraftStream } from "./draft-stream";
import { appendRunEvent } from "./run-events";
import { boundSteps, type StepBudget } from "./prepare-step";

export interface ModelCall {
  model: ResolvedModel;
  context: { staticPart: string; dynamicPart: string; prompt: string };
  enabledTools: string[];
  remainingSteps: number;
  signal: AbortSignal;
  steps?: StepBudget;
}

export function startModelCall(ctx: GatewayCtx, scope: RunScope, call: ModelCall) {
  // Only the static part (identity, persona, admin instructions) is in the system role; the
  // timeline carries people's words, so it goes in a user message where it cannot pose as ours.
  return streamText({
    model: call.model.model,
    instructions: call.context.staticPart,
    prompt: `${call.context.dynamicPart}\n\n${call.context.prompt}`,
    tools: buildTools(scope, call.enabledTools),
    stopWhen: [stepCountIs(call.remainingSteps), () => scope.state.paused || scope.state.stopped],
    abortSignal: call.signal,
    temperature: call.model.temperature,
    maxOutputTokens: call.model.maxOutputTokens,
    maxRetries: 1,
    onStepFinish: (step) => recordStep(ctx, scope.run.id, step),
    prepareStep: boundSteps(call.steps),
  });
}

async function recordStep(ctx: Pick<GatewayCtx, "db" | "events">, runId: string, step: StepResult<ToolSet>): Promise<void> {
  const usage = step.usage;
  await ctx.db.run.update({
    where: { id: runId },
    data: {
      stepCount: { increment: step.toolCalls.length ? 1 : 0 },
      inputTokens: { increment: usage.inputTokens ?? 0 },
      outputTokens: { increment: usage.outputTokens ?? 0 },
      totalTokens: { increment: usage.totalTokens ?? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0) },
    },
  });
  await appendRunEvent(ctx, runId, "model_step", {
    text: step.text,
    toolCalls: step.toolCalls.map((c) => c.toolName),
    finishReason: step.finishReason,
    usage: { input: usage.inputTokens ?? 0, output: usage.outputTokens ?? 0 },
  });
}

/** What the model wrote so far: its own text (never posted) and the drafts of its messages. */
export interface StreamedOutput {
  text: string;
  drafts: DraftStream;
}

/** Reads the call to its end; throws what broke it (an error part, or the abort's reason). */
export async function readStream(result: ReturnType<typeof startModelCall>, out: StreamedOutput, signal: AbortSignal): Promise<void> {
  let streamError: unknown;
  for await (const part of result.fullStream) {
    if (part.type === "text-delta") out.text += part.text;
    else if (part.type === "tool-input-start" && part.toolName === "send_message") out.drafts.begin(part.id);
    else if (part.type === "tool-input-delta") await out.drafts.append(part.id, part.delta);
    else if (part.type === "tool-input-end") await out.drafts.end(part.id);
    else if (part.type === "tool-call") out.drafts.called(part.toolCallId);
    else if (part.type === "tool-result" || part.type === "tool-error") out.drafts.settled(part.toolCallId);
    else if (part.type === "error") streamError = part.error;
    else if (part.type === "abort") streamError = signal.reason ?? new Error("aborted");
  }
  if (streamError) throw streamError;
}
