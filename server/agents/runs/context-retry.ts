// A context the provider finds too long (our count was off, or the model's window is smaller
// than its settings say) gets one more try: the context is rebuilt at RETRY_CONTEXT_SHARE of
// the window, recorded in the run's timeline, and the call made again. Only before any tool
// step of the call has run: a retry after one would repeat what the tools did. A second
// refusal fails the run with a reason an admin can act on.
import { RETRY_CONTEXT_SHARE } from "../context/budget";
import type { GatewayCtx } from "../gateway-context";
import type { RunScope } from "../tools/run-scope";
import { describeError, isContextTooLong, RunLimit } from "./classify-error";

export interface ContextAttempt {
  share?: number;
  /** Why this attempt was rebuilt smaller: the provider's words. */
  retry?: string;
}

export async function withContextRetry(
  ctx: Pick<GatewayCtx, "db">,
  run: { id: string; stepCount: number },
  scope: RunScope,
  attempt: (opts: ContextAttempt) => Promise<void>,
): Promise<void> {
  // The refused context was never read: what it would have marked seen must not move the cursor.
  const seen = { ...scope.state.seen };
  try {
    return await attempt({});
  } catch (e) {
    if (!isContextTooLong(e)) throw e;
    const { stepCount } = await ctx.db.run.findUniqueOrThrow({ where: { id: run.id }, select: { stepCount: true } });
    if (stepCount !== run.stepCount)
      throw new RunLimit(
        `The run's tool steps outgrew the model's context window (${describeError(e)}); it was not retried, as that would repeat what its tools did.`,
      );
    scope.state.seen = { ...seen };
    try {
      return await attempt({ share: RETRY_CONTEXT_SHARE, retry: describeError(e) });
    } catch (again) {
      if (!isContextTooLong(again)) throw again;
      throw new RunLimit(
        `The context was too long for the model even when rebuilt at ${RETRY_CONTEXT_SHARE * 100}% of its window (${describeError(again)}). Set modelSettings.contextTokens to the model's real window.`,
      );
    }
  }
}
