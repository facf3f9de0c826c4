// A metric's current value for some labels, read from the process registry (server/metrics).

interface Readable {
  get(): Promise<{ type: unknown; values: { value: number; labels: Record<string, unknown>; metricName?: string }[] }>;
}

/** The sample of `metric` (a histogram's `_count` unless `suffix` says otherwise) whose labels include `labels`; 0 when none. */
export async function readMetric(metric: Readable, labels: Record<string, string> = {}, suffix = "_count"): Promise<number> {
  const { values, type } = await metric.get();
  const samples = String(type) === "histogram" ? values.filter((v) => v.metricName?.endsWith(suffix)) : values;
  const hit = samples.find((v) => Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want));
  return hit?.value ?? 0;
}
