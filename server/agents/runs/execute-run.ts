// One model call of a run, as a sequence of steps: the run's scope, its limits, the context
// (prepare-run.ts), the call streamed with its drafts (stream-steps.ts, draft-stream.ts) and
// tried once more with a smaller context if the provider found it too long (context-retry.ts), then
// how the run ends (finish-run.ts) or why it failed (classify-error.ts).
import type { GatewayCtx } from "../gateway-context";
import { withLogContext } from "../../log-context";
import { causeOf, ShutdownAbort } from "./classify-error";
import { DraftStream } from "./draft-stream";
import { endModelCall, failRun } from "./finish-run";
import { startHeartbeat } from "./lease";
import { putBack } from "./put-back";
import { buildScope, prepareContext } from "./prepare-run";
import { loadRunningRun, type RunningRun } from "./running-run";
import { withContextRetry } from "./context-retry";
import { startRunLimits, tooManySteps } from "./run-limits";
import { readStream, startModelCall, type StreamedOutput } from "./stream-steps";

/**
 * Every log line of the run's execution carries its `runId` (log-context.ts), whoever started it.
 * `claimed` is the row its claim just read (transitions.ts), which spares a second read; without
 * it (a takeover, a restart) the run is read here.
 */
export function executeRun(ctx: GatewayCtx, runId: string, claimed?: RunningRun | null): Promise<void> {
  return withLogContext({ runId }, () => execute(ctx, runId, claimed));
}

async function execute(ctx: GatewayCtx, runId: string, claimed?: RunningRun | null): Promise<void> {
  const run = claimed === undefined ? await loadRunningRun(ctx, runId) : claimed;
  if (!run) return;
  const abort = new AbortController();
  ctx.executing.set(runId, abort);
  const stopHeartbeat = startHeartbeat(ctx, runId, abort);
  let limits: ReturnType<typeof startRunLimits> | undefined;
  const scope = await buildScope(ctx, run);
  const out: StreamedOutput = { text: "", drafts: new DraftStream(ctx, scope, run.agent.entity) };

  try {
    const now = ctx.clock.now();
    limits = startRunLimits(run, run.agent, now, abort);
    const { remainingSteps } = limits;
    await withContextRetry(ctx, run, scope, async (attempt) => {
      // A compacted call goes on with the steps the earlier calls of this execution left.
      const left = remainingSteps - (attempt.stepsTaken ?? 0);
      if (left <= 0) throw tooManySteps(run.agent);
      const { model, context, steps } = await prepareContext(ctx, run, scope, now, attempt);
      const call = startModelCall(ctx, scope, { model, context, enabledTools: run.agent.enabledTools, remainingSteps: left, signal: abort.signal, steps });
      await readStream(call, out, abort.signal);
      await endModelCall(ctx, scope, await call.steps, left);
    });
  } catch (e) {
    const cause = causeOf(e, abort.signal);
    // The SDK stops reading on abort but does not wait for tool calls under way: one may be
    // posting a message. It lands (and is recorded) before the run moves or the process goes on.
    await scope.state.toolCalls;
    if (cause instanceof ShutdownAbort) return void (await putBack(ctx, runId));
    await failRun(ctx, scope, cause, out);
  } finally {
    limits?.clear();
    stopHeartbeat();
    ctx.executing.delete(runId);
  }
}
