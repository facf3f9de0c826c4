// A context the provider finds too long (our count was off, or the model's window is smaller
// than its settings say). Before any tool step of the call has run, the context is rebuilt at
// RETRY_CONTEXT_SHARE of the window and the call made again. In the middle of a tool loop the
// run is compacted and goes on: a fresh call at that share, whose THIS RUN SO FAR lists what
// the earlier steps did and sent (read back from the run's events), with the steps left. Each
// retry is recorded in the run's `context` event. A run fails for its context only when the
// provider refuses a rebuilt call before it made any step, or after MAX_CONTEXT_COMPACTIONS;
// its error then says what the context held and what the window was, by our count.
import { MAX_CONTEXT_COMPACTIONS } from "@/lib/limits";
import { type CallBudget, describeBudget, RETRY_CONTEXT_SHARE } from "../context/budget";
import { type ContextPart, describeParts } from "../context/build-context";
import type { GatewayCtx } from "../gateway-context";
import type { RunScope } from "../tools/run-scope";
import { describeError, isContextTooLong, RunLimit } from "./classify-error";

/** What prepareContext built, for an error that says what did not fit. */
export interface AttemptReport {
  budget: CallBudget;
  tokens: number;
  parts: () => ContextPart[];
}

export interface ContextAttempt {
  share?: number;
  /** Why this attempt was rebuilt smaller: the provider's words. */
  retry?: string;
  /** Tool steps earlier calls of this execution took (a compaction): the call has that many fewer left. */
  stepsTaken?: number;
  /** Told what the attempt's context was, once built. */
  report?: (r: AttemptReport) => void;
}

export async function withContextRetry(
  ctx: Pick<GatewayCtx, "db">,
  run: { id: string; stepCount: number },
  scope: RunScope,
  attempt: (opts: ContextAttempt) => Promise<void>,
): Promise<void> {
  // The refused context was never read: what it would have marked seen must not move the cursor.
  let seen = { ...scope.state.seen };
  let last: AttemptReport | null = null;
  const report = (r: AttemptReport) => {
    last = r;
  };
  let opts: ContextAttempt = { report };
  let stepsBefore = run.stepCount;
  for (let retries = 0; ; retries++) {
    try {
      return await attempt(opts);
    } catch (e) {
      if (!isContextTooLong(e)) throw e;
      const { stepCount } = await ctx.db.run.findUniqueOrThrow({ where: { id: run.id }, select: { stepCount: true } });
      const stepped = stepCount !== stepsBefore;
      // A rebuilt call refused before its first step: smaller would not be the same run any more.
      if ((opts.share !== undefined && !stepped) || retries >= MAX_CONTEXT_COMPACTIONS) throw new RunLimit(refusal(e, last, stepped));
      // Steps that ran were read by the model: their ranges stay seen. A call refused at once saw nothing.
      if (stepped) seen = { ...scope.state.seen };
      else scope.state.seen = { ...seen };
      stepsBefore = stepCount;
      opts = { share: RETRY_CONTEXT_SHARE, retry: describeError(e), stepsTaken: stepCount - run.stepCount, report };
    }
  }
}

function refusal(e: unknown, last: AttemptReport | null, stepped: boolean): string {
  const said = describeError(e);
  if (!last) return `The provider said the context was too long (${said}).`;
  const n = (x: number) => x.toLocaleString("en-US");
  const what = stepped
    ? `The run's tool steps outgrew the model's context window ${MAX_CONTEXT_COMPACTIONS} times, even when compacted (${said}).`
    : `The provider refused the context as too long even when rebuilt at ${RETRY_CONTEXT_SHARE * 100}% of the window (${said}).`;
  return (
    `${what} By our count the context was ${n(last.tokens)} tokens of a ${describeBudget(last.budget)}; it held ${describeParts(last.parts())}. ` +
    (last.budget.source === "settings"
      ? "If the model's real window is smaller than modelSettings.contextTokens says, lower it; otherwise shorten what takes the most."
      : "The provider counts more than we do: set modelSettings.contextTokens to the model's real window if it is smaller, or shorten what takes the most.")
  );
}
