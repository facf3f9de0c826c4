// The main thread's side of the gateway thread (gateway-thread.ts): starts it, and is the
// process's Gateway, so the server, its routes and its shutdown use either kind alike.
//
// - New messages stored here (people, routes) go to the thread, which decides who reacts.
// - What the thread publishes is sent by this thread's event sink (Socket.IO).
// - Routes that start or cancel runs do so with a context of this thread's own (`ctx`): the
//   run is a row in the database, and the thread is told to look (kick) or to abort the
//   model call it may be executing, as another process would be.
// - If the thread dies, it is started again; its runs are taken over as a dead process's are.
import { Worker } from "node:worker_threads";
import type { Deps } from "../../domain/deps";
import { log } from "../../log";
import { systemClock } from "../clock";
import type { Gateway } from "../gateway";
import type { GatewayCtx } from "../gateway-context";
import { defaultModelResolver } from "../models/resolve-model";
import { cancelRun } from "../runs/transitions";
import { applyMetricUpdates } from "./forward-metrics";
import type { FromGatewayThread, GatewayCall, GatewayThreadConfig, ToGatewayThread } from "./protocol";
import { RUN_LEASE_MS } from "@/lib/limits";

/** How long after an unexpected exit the thread is started again. */
const RESTART_AFTER_MS = 1000;

export type GatewayThreadOptions = Omit<GatewayThreadConfig, "entry">;

export async function startGatewayThread(deps: Deps, opts: GatewayThreadOptions): Promise<Gateway> {
  if (!deps.bus) throw new Error("The gateway needs deps.bus");
  const bus = deps.bus;
  const config: GatewayThreadConfig = { ...opts, entry: new URL("./gateway-thread.ts", import.meta.url).href };
  let worker: Worker;
  let stopped = false;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const post = (m: ToGatewayThread) => worker.postMessage(m);

  const call = <T>(c: GatewayCall): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      post({ type: "call", id, call: c });
    });

  const onMessage = (m: FromGatewayThread) => {
    switch (m.type) {
      case "events":
        for (const c of m.calls) (deps.events[c.method] as (...a: unknown[]) => void)(...c.args);
        return;
      case "metrics":
        applyMetricUpdates(m.updates);
        return;
      case "reply": {
        const w = waiting.get(m.id);
        waiting.delete(m.id);
        if (m.ok) w?.resolve(m.value);
        else w?.reject(new Error(`gateway thread: ${m.error}`));
        return;
      }
      case "ready":
        return;
    }
  };

  /** Starts a thread and resolves once it is ready for calls. */
  const spawn = () =>
    new Promise<void>((resolve, reject) => {
      worker = new Worker(new URL("./boot.mjs", import.meta.url), { workerData: config });
      worker.on("message", (m: FromGatewayThread) => {
        if (m.type === "ready") resolve();
        onMessage(m);
      });
      worker.once("error", (err) => {
        log.error({ err }, "gateway thread failed");
        reject(err);
      });
      worker.once("exit", (code) => {
        for (const w of waiting.values()) w.reject(new Error(`gateway thread exited (${code})`));
        waiting.clear();
        if (stopped) return;
        log.error({ code }, `gateway thread exited: starting it again in ${RESTART_AFTER_MS} ms`);
        setTimeout(() => {
          if (!stopped)
            spawn()
              .then(() => call({ op: "start", recover: false }))
              .catch((err) => log.error({ err }, "gateway thread did not start again"));
        }, RESTART_AFTER_MS);
      });
    });
  await spawn();

  const unsubscribe = bus.on("message:created", (message) => {
    if (!stopped) post({ type: "message", message });
  });
  const ctx: GatewayCtx = {
    ...deps,
    clock: systemClock,
    models: defaultModelResolver,
    executing: new Map(),
    leaseMs: opts.leaseMs ?? RUN_LEASE_MS,
    kick: () => !stopped && post({ type: "kick" }),
  };

  return {
    ctx,
    start: ({ recover = false } = {}) => call({ op: "start", recover }),
    tick: () => call({ op: "tick" }),
    idle: () => call({ op: "idle" }),
    async cancelRun(runId, reason) {
      const ok = await cancelRun(ctx, runId, reason);
      if (ok && !stopped) post({ type: "abort", runId, reason });
      return ok;
    },
    stopIntake: () => post({ type: "stopIntake" }),
    drain: (ms) => call({ op: "drain", ms }),
    async stop() {
      if (stopped) return;
      try {
        await call({ op: "stop" });
      } finally {
        stopped = true;
        unsubscribe();
        await worker.terminate();
      }
    },
  };
}
