// A run's maximum duration and tool steps hold across all its model calls (a resumed run goes
// on spending the same budget). The duration aborts the call when it runs out; the steps left
// bound the call's stopWhen.
import { RunLimit } from "./classify-error";

interface Budget {
  startedAt: Date | null;
  stepCount: number;
}

interface Caps {
  maxRunDurationMs: number;
  maxToolSteps: number;
}

/** Throws RunLimit when nothing is left; otherwise arms the deadline (clear() disarms it). */
export function startRunLimits(run: Budget, agent: Caps, now: Date, abort: AbortController): { remainingSteps: number; clear(): void } {
  const deadline = (run.startedAt ?? now).getTime() + agent.maxRunDurationMs;
  const tooLong = () => new RunLimit(`Run exceeded the maximum duration of ${humanDuration(agent.maxRunDurationMs)}`);
  if (now.getTime() >= deadline) throw tooLong();
  const remainingSteps = agent.maxToolSteps - run.stepCount;
  if (remainingSteps <= 0) throw tooManySteps(agent);
  // setTimeout fires at once for delays above 2^31-1 ms (~24.8 days): clamp.
  const timer = setTimeout(() => abort.abort(tooLong()), Math.min(deadline - now.getTime(), 2 ** 31 - 1));
  return { remainingSteps, clear: () => clearTimeout(timer) };
}

export const tooManySteps = (agent: Pick<Caps, "maxToolSteps">) => new RunLimit(`Run exceeded the limit of ${agent.maxToolSteps} tool steps`);

const humanDuration = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000} minutes` : ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`);
