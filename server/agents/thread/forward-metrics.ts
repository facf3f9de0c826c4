// The gateway thread's metrics belong in the process's one registry, on the main thread, which
// GET /api/metrics reads: a second registry in the thread would need merging at every scrape,
// and its default metrics (CPU, memory) would count the process twice. So in the thread the
// counters and histograms the gateway records into post their updates instead, a batch per
// turn of its event loop, and the main thread applies them to its own.
import { metrics, type Metrics } from "../../metrics/metrics";

/** The metrics the gateway records into (the rest are the main thread's own). */
const FORWARDED = ["messagesPersisted", "runTransitions", "modelCallSeconds", "modelTokens"] as const;
type Forwarded = (typeof FORWARDED)[number];

export interface MetricUpdate {
  metric: Forwarded;
  op: "inc" | "observe";
  labels: Record<string, string>;
  value: number;
}

/** In the gateway thread: from now on its metrics go to `post`, in batches. Returns a flush for what is pending. */
export function forwardMetrics(post: (updates: MetricUpdate[]) => void): () => void {
  const m = metrics();
  let batch: MetricUpdate[] = [];
  const flush = () => {
    if (batch.length === 0) return;
    const updates = batch;
    batch = [];
    post(updates);
  };
  const queue = (u: MetricUpdate) => {
    if (batch.push(u) === 1) setImmediate(flush);
  };
  for (const metric of FORWARDED) {
    const target = m[metric] as unknown as Record<string, unknown>;
    // prom-client's inc(labels, value) and observe(labels, value); every call here passes labels.
    const op = "observe" in target ? "observe" : "inc";
    target[op] = (labels: Record<string, string>, value = 1) => queue({ metric, op, labels, value });
  }
  return flush;
}

/** On the main thread: records what the gateway thread counted. */
export function applyMetricUpdates(updates: MetricUpdate[], m: Metrics = metrics()): void {
  for (const u of updates) {
    if (!FORWARDED.includes(u.metric)) continue;
    const target = m[u.metric] as unknown as Record<string, (labels: Record<string, string>, value: number) => void>;
    target[u.op]?.(u.labels, u.value);
  }
}
