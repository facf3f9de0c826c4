// Each provider call's latency and tokens, by provider and model (server/metrics). Timed from
// the AI SDK's model-call start to its end, so a step's tool execution is not counted as
// model time. A call that fails has no end and is not recorded; the run's failure says why.
import type { OnLanguageModelCallEndCallback, OnLanguageModelCallStartCallback } from "ai";
import { metrics } from "../../metrics/metrics";
import { stepUsage } from "./step-usage";

/** streamText callbacks for one model call (one run step each); spread into its options. */
export function modelCallMetrics(): { onLanguageModelCallStart: OnLanguageModelCallStartCallback; onLanguageModelCallEnd: OnLanguageModelCallEndCallback } {
  const started = new Map<string, number>();
  return {
    onLanguageModelCallStart: (e) => void started.set(e.callId, performance.now()),
    onLanguageModelCallEnd: (e) => {
      const m = metrics();
      const labels = { provider: e.provider, model: e.modelId };
      const since = started.get(e.callId);
      started.delete(e.callId);
      if (since !== undefined) m.modelCallSeconds.observe(labels, (performance.now() - since) / 1000);
      const usage = stepUsage(e.usage);
      m.modelTokens.inc({ ...labels, kind: "input" }, usage.input);
      m.modelTokens.inc({ ...labels, kind: "cached_input" }, usage.cachedInput ?? 0);
      m.modelTokens.inc({ ...labels, kind: "output" }, usage.output);
    },
  };
}
