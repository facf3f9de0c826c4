// After a model call: the run stops itself (stop_run), is parked for the reply it asked for,
// ran out of tool steps, or completes with a summary; or it failed, with a readable reason and
// whatever the model had written.
import { isTerminalStatus } from "@/lib/runs/run-status";
import { log } from "../../log";
import type { GatewayCtx } from "../gateway-context";
import type { RunScope } from "../tools/run-scope";
import { describeError } from "./classify-error";
import { appendRunEvent } from "./run-events";
import { tooManySteps } from "./run-limits";
import type { StreamedOutput } from "./stream-steps";
import { finishRun } from "./transitions";
import { park } from "./waits";

/** Throws RunLimit when the call stopped on the step limit with tool calls still to make. */
export async function endModelCall(ctx: GatewayCtx, scope: RunScope, steps: readonly { finishReason: string }[], remainingSteps: number): Promise<void> {
  const run = endingOf(scope);
  if (scope.state.stopped) return finishRun(ctx, run, "canceled", { statusReason: "stopped itself with stop_run" });
  if (scope.state.paused) {
    // The resumed call shows what this one was shown (its window, its own question) as [SEEN].
    await ctx.db.run.update({ where: { id: run.id }, data: { seenCursors: run.seen } });
    return park(ctx, run.id);
  }
  if (steps.at(-1)?.finishReason === "tool-calls" && steps.length >= remainingSteps) throw tooManySteps(scope.agent);
  await finishRun(ctx, run, "completed", {}, await summary(ctx, run.id));
}

/** Counted over the whole run (a resumed run spans several model calls). */
async function summary(ctx: Pick<GatewayCtx, "db">, runId: string): Promise<string> {
  const {
    stepCount,
    _count: { messages: sent },
  } = await ctx.db.run.findUniqueOrThrow({ where: { id: runId }, select: { stepCount: true, _count: { select: { messages: true } } } });
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return sent ? `sent ${plural(sent, "message")} in ${plural(stepCount, "tool step")}` : `stayed silent (${plural(stepCount, "tool step")})`;
}

/** `cause` is what ended the call (classify-error.ts causeOf). Nothing to do if the run already ended. */
export async function failRun(ctx: GatewayCtx, scope: RunScope, cause: unknown, out: StreamedOutput): Promise<void> {
  const run = endingOf(scope);
  const current = await ctx.db.run.findUnique({ where: { id: run.id }, select: { status: true } });
  if (current && isTerminalStatus(current.status)) return; // stop_run canceled it meanwhile
  const message = describeError(cause);
  const partial = [out.text.trim(), ...out.drafts.unsent().map((d) => `[unsent send_message input] ${d}`)].filter(Boolean).join("\n");
  log.warn({ runId: run.id, error: message }, "run failed");
  await appendRunEvent(ctx, run.id, "error", { error: message, partialOutput: partial || null });
  await finishRun(ctx, run, "failed", { error: message, partialOutput: partial || null }, message);
}

const endingOf = (scope: RunScope) => ({ id: scope.run.id, entityId: scope.agent.entityId, seen: scope.state.seen });
