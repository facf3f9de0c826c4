// Whether this process has room for one more agent run. Agents' work and people's requests
// share one process: with a fast model a run is mostly CPU (queries, the model stream, its
// tools), and a process that keeps claiming runs while it is busy makes every person's send
// wait behind them; on PostgreSQL even a one-row query then takes several times as long.
// So, past its first run in flight, the worker claims another only while this process uses
// less than RUN_CLAIM_MAX_CPU_SHARE of a core and its event loop runs on time. Runs left
// unclaimed stay queued in the database, for this process a moment later or another one now.
// With models that take seconds to answer, runs hardly use the CPU and nothing is held back.
// In the agents' own thread (agents/thread) the CPU figure is the whole process's: a thread
// still shares the machine's cores with the people's thread and PostgreSQL.
import { RUN_CLAIM_MAX_CPU_SHARE, RUN_CLAIM_MAX_LOOP_LAG_MS } from "@/lib/limits";

/** How often the probe samples; how late it fires is the loop's lag. */
const PROBE_MS = 20;
/** Weight of the newest sample: recent enough to follow a burst, steady enough to ignore one slow callback. */
const SMOOTHING = 0.3;

export interface LoopHeadroom {
  /** True while the process has CPU to spare and its loop keeps up. */
  hasRoom(): boolean;
  /** The smoothed figures behind hasRoom (diagnostics and tests). */
  load(): { cpuShare: number; lagMs: number };
  stop(): void;
}

export function watchLoopHeadroom(limits = { maxCpuShare: RUN_CLAIM_MAX_CPU_SHARE, maxLagMs: RUN_CLAIM_MAX_LOOP_LAG_MS }): LoopHeadroom {
  let lagMs = 0;
  let cpuShare = 0;
  let lastAt = performance.now();
  let lastCpu = process.cpuUsage();
  const timer = setInterval(() => {
    const now = performance.now();
    const used = process.cpuUsage(lastCpu);
    const share = (used.user + used.system) / 1000 / Math.max(1, now - lastAt);
    lagMs = lagMs * (1 - SMOOTHING) + Math.max(0, now - lastAt - PROBE_MS) * SMOOTHING;
    cpuShare = cpuShare * (1 - SMOOTHING) + share * SMOOTHING;
    lastAt = now;
    lastCpu = process.cpuUsage();
  }, PROBE_MS);
  // A probe is no reason to keep the process alive.
  timer.unref();
  return {
    hasRoom: () => cpuShare <= limits.maxCpuShare && lagMs <= limits.maxLagMs,
    load: () => ({ cpuShare, lagMs }),
    stop: () => clearInterval(timer),
  };
}
