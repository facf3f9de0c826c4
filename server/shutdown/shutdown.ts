// A graceful shutdown (SIGTERM, SIGINT), for a process that shares its database and Redis
// with others. The order is the point: everything that may still write or publish finishes
// before what it writes to closes. Closing Redis while an agent was posting once stored a
// message whose broadcast then went to a closed Redis client and was lost.
//
//   1. stop intake     no new connections or requests, no ticks, claims or takeovers
//   2. drain runs      model calls under way get `drainMs`; the rest are cut off and put back
//                      in the queue (or parked) for another process
//   3. close clients   every client's transport closes ("transport close": socket.io clients
//                      reconnect, through the load balancer, elsewhere); the socket events
//                      and HTTP requests already in flight are answered
//   4. flush           the gateway stops listening for messages once nothing can post one,
//                      and its trigger handling under way finishes (runs queued for others)
//   5. close realtime  Socket.IO and its Redis clients
//   6. close database  Next's app, then the database
//
// Every step is bounded and runs even when the one before failed or ran late, so a shutdown
// always reaches the end; the caller exits with the report.
import { SHUTDOWN_DRAIN_MS, SHUTDOWN_FLUSH_MS } from "@/lib/limits";
import type { Gateway } from "../agents/gateway";
import type { Realtime } from "../realtime/create-realtime";
import { log } from "../log";
import type { HttpRequests } from "./http-requests";

export const SHUTDOWN_STEPS = ["stop intake", "drain runs", "close clients", "flush", "close realtime", "close database"] as const;
export type ShutdownStep = (typeof SHUTDOWN_STEPS)[number];

export interface ShutdownParts {
  http: HttpRequests;
  realtime: Pick<Realtime, "stopAccepting" | "closeClients" | "close">;
  gateway: Pick<Gateway, "stopIntake" | "drain" | "stop">;
  closeApp?: () => Promise<void>;
  closeDatabase: () => Promise<void>;
}

export interface ShutdownOptions {
  drainMs?: number;
  flushMs?: number;
  /** Told each step as it starts. */
  onStep?: (step: ShutdownStep) => void;
}

export interface ShutdownReport {
  runsFinished: number;
  runsPutBack: number;
  /** What did not finish within its bound (a step, or "http requests"). */
  late: string[];
  errors: number;
}

const LATE = Symbol("late");

async function within<T>(ms: number, work: Promise<T>): Promise<T | typeof LATE> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<typeof LATE>((r) => (timer = setTimeout(() => r(LATE), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

export async function shutdown(parts: ShutdownParts, opts: ShutdownOptions = {}): Promise<ShutdownReport> {
  const drainMs = opts.drainMs ?? SHUTDOWN_DRAIN_MS;
  const flushMs = opts.flushMs ?? SHUTDOWN_FLUSH_MS;
  const report: ShutdownReport = { runsFinished: 0, runsPutBack: 0, late: [], errors: 0 };
  const late = (what: string) => {
    report.late.push(what);
    log.warn({ what }, "shutdown: not finished in time, going on");
  };
  const step = async (name: ShutdownStep, ms: number, work: () => Promise<void> | void) => {
    opts.onStep?.(name);
    log.info({ step: name }, "shutting down");
    try {
      if ((await within(ms, Promise.resolve().then(work))) === LATE) late(name);
    } catch (err) {
      report.errors++;
      log.error({ err, step: name }, "shutdown step failed");
    }
  };

  await step("stop intake", flushMs, () => {
    parts.http.stopAccepting();
    parts.realtime.stopAccepting();
    parts.gateway.stopIntake();
  });
  // Cut-off runs put themselves back as they unwind: that is the extra flushMs.
  await step("drain runs", drainMs + flushMs, async () => {
    const { finished, putBack } = await parts.gateway.drain(drainMs);
    report.runsFinished = finished;
    report.runsPutBack = putBack;
  });
  await step("close clients", flushMs, async () => {
    const requests = parts.http.settle(flushMs);
    await parts.realtime.closeClients();
    if (!(await requests)) late("http requests");
  });
  parts.http.closeConnections();
  await step("flush", flushMs, () => parts.gateway.stop());
  await step("close realtime", flushMs, () => parts.realtime.close());
  await step("close database", flushMs, async () => {
    await parts.closeApp?.();
    await parts.closeDatabase();
  });
  return report;
}
