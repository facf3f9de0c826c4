// The process's Prometheus metrics: one Registry and the metric objects every layer records
// into, made once per process. prom-client because it is the Node client Prometheus itself
// lists: the text format, histograms and the process/GC/event-loop metrics come with it.
//
// Held on globalThis, like the runtime (server/runtime.ts) and the logger: Next's route bundles
// load their own copy of this module (and of prom-client), and GET /api/metrics must read the
// registry the socket layer and the gateway write to, not an empty twin of it.
//
// No `node` label: Prometheus scrapes each process at its own address and adds `instance`
// itself. A label of ours would repeat it, and one naming the pid would start a new set of
// series at every restart. Scrape each process directly, never through the load balancer,
// which would interleave different processes' counters (README, "Metrics").
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { LIVE_RUN_STATUSES } from "@/lib/runs/run-status";
import { log } from "../log";
import { OncePerWindow } from "../limits/once-per-window";

/** What the gauges read on each scrape; attached by watch-process.ts once the process has them. */
export interface MetricSources {
  socketsConnected(): number;
  liveRuns(): Promise<Record<string, number>>;
  runQueueDepth(): Promise<number>;
}

// Socket events are database round trips (ms); model calls are provider round trips (seconds).
const SOCKET_EVENT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const MODEL_CALL_BUCKETS = [0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120];

export type Metrics = ReturnType<typeof createMetrics>;

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let sources: MetricSources | undefined;
  const failed = new OncePerWindow(60_000);
  /** A gauge read from the database: on failure it reports nothing (absent, not stale) and logs once a minute. */
  const fromSource = async (name: string, gauge: Gauge<string>, read: (s: MetricSources) => Promise<void>) => {
    if (!sources) return;
    try {
      await read(sources);
    } catch (err) {
      gauge.reset();
      if (failed.first(name)) log.warn({ err, metric: name }, "metrics: gauge not collected");
    }
  };
  const registers = [registry];

  const runs: Gauge<"status"> = new Gauge({
    name: "parley_runs",
    help: "Agent runs not ended yet, by status (ended runs: parley_run_transitions_total)",
    labelNames: ["status"],
    registers,
    collect: () =>
      fromSource("parley_runs", runs, async (s) => {
        const counts = await s.liveRuns();
        for (const status of LIVE_RUN_STATUSES) runs.set({ status }, counts[status] ?? 0);
      }),
  });
  const runQueueDepth: Gauge = new Gauge({
    name: "parley_run_queue_depth",
    help: "Runs the workers could start now: queued, or waiting with their reply in (or timed out), of enabled agents",
    registers,
    collect: () => fromSource("parley_run_queue_depth", runQueueDepth, async (s) => runQueueDepth.set(await s.runQueueDepth())),
  });

  return {
    registry,
    socketsConnected: new Gauge({
      name: "parley_sockets_connected",
      help: "Signed-in Socket.IO connections on this process",
      registers,
      collect() {
        if (sources) this.set(sources.socketsConnected());
      },
    }),
    messagesPersisted: new Counter({
      name: "parley_messages_persisted_total",
      help: "Messages stored (repeats of an already stored message not counted), by the sender's kind",
      labelNames: ["sender"] as const,
      registers,
    }),
    socketEventSeconds: new Histogram({
      name: "parley_socket_event_duration_seconds",
      help: "Socket events from parse to ack, by event and result (ok or the error code); time queued behind the socket's earlier events not included",
      labelNames: ["event", "result"] as const,
      buckets: SOCKET_EVENT_BUCKETS,
      registers,
    }),
    runs,
    runQueueDepth,
    runTransitions: new Counter({
      name: "parley_run_transitions_total",
      help: "Run status changes, by the status entered",
      labelNames: ["to"] as const,
      registers,
    }),
    modelCallSeconds: new Histogram({
      name: "parley_model_call_duration_seconds",
      help: "Model calls (one per run step, tool execution excluded), by provider and model",
      labelNames: ["provider", "model"] as const,
      buckets: MODEL_CALL_BUCKETS,
      registers,
    }),
    modelTokens: new Counter({
      name: "parley_model_tokens_total",
      help: "Model tokens by provider, model and kind: input (all prompt tokens), cached_input (of input, read from the provider's cache), output",
      labelNames: ["provider", "model", "kind"] as const,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: "parley_rate_limit_refusals_total",
      help: "Requests and socket events refused by a rate limit, by the limit's name (lib/limits.ts)",
      labelNames: ["limit"] as const,
      registers,
    }),
    /** Points the gauges at this process's sockets and database; the returned function detaches them. */
    watch(s: MetricSources): () => void {
      sources = s;
      return () => {
        if (sources === s) sources = undefined;
      };
    },
  };
}

const g = globalThis as unknown as { __parleyMetrics?: Metrics };

/** This process's metrics, made on first use. */
export function metrics(): Metrics {
  return (g.__parleyMetrics ??= createMetrics());
}
