// The main thread's side of the gateway thread (gateway-thread.ts): starts it, and is the
// process's Gateway, so the server, its routes and its shutdown use either kind alike.
//
// - New messages stored here (people, routes) go to the thread, which decides who reacts.
// - What the thread publishes is sent by this thread's event sink (Socket.IO).
// - Routes that start runs do so with a context of this thread's own (`ctx`): the run is a
//   row in the database, and the thread is told to look (kick), as another process would be.
//   A cancel is the thread's to do (it aborts the model call it may be executing).
// - If the thread dies, it is started again in the state it was asked to be in (started,
//   intake stopped), and gets the messages stored meanwhile; the runs it was executing are
//   taken over as a dead process's are.
import { Worker } from "node:worker_threads";
import type { Deps } from "../../domain/deps";
import { log } from "../../log";
import { logContext } from "../../log-context";
import { systemClock } from "../clock";
import type { Gateway } from "../gateway";
import type { GatewayCtx } from "../gateway-context";
import { defaultModelResolver } from "../models/resolve-model";
import { cancelRun } from "../runs/transitions";
import { broadcastRun } from "../runs/broadcast-run";
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
  /** The live thread; undefined between an unexpected exit and its restart. */
  let worker: Worker | undefined;
  /** What the handle was asked to do, replayed on a thread started again. */
  let started: { recover: boolean } | undefined;
  let intakeStopped = false;
  /** Shutdown has begun: a thread that exits now is not started again. */
  let closing = false;
  /** Messages stored while no thread was up, handed to the next one. */
  let missed: ToGatewayThread[] = [];
  let restartTimer: NodeJS.Timeout | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  const post = (m: ToGatewayThread) => {
    if (worker) worker.postMessage(m);
    else if (m.type === "message" && !closing) missed.push(m);
  };
  const call = <T>(c: GatewayCall): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (!worker) return reject(new Error("gateway thread: not running"));
      const id = ++nextId;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ type: "call", id, call: c } satisfies ToGatewayThread);
    });

  const onMessage = (m: FromGatewayThread) => {
    switch (m.type) {
      case "events":
        for (const c of m.calls) {
          try {
            (deps.events[c.method] as (...a: unknown[]) => void)(...c.args);
          } catch (err) {
            log.error({ err, method: c.method }, "gateway thread: event not sent");
          }
        }
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
      const w = new Worker(new URL("./boot.mjs", import.meta.url), { workerData: config });
      w.on("message", (m: FromGatewayThread) => {
        if (m.type === "ready") {
          worker = w;
          resolve();
        }
        onMessage(m);
      });
      w.once("error", (err) => {
        log.error({ err }, "gateway thread failed");
        reject(err);
      });
      w.once("exit", (code) => {
        if (worker === w) worker = undefined;
        for (const pending of waiting.values()) pending.reject(new Error(`gateway thread exited (${code})`));
        waiting.clear();
        if (closing) return;
        log.error({ code }, `gateway thread exited: starting it again in ${RESTART_AFTER_MS} ms`);
        restartTimer = setTimeout(() => void restart(), RESTART_AFTER_MS);
      });
    });

  /** A new thread in the state the last one was asked to be in, with the messages it missed. */
  const restart = async () => {
    try {
      await spawn();
      if (closing) return;
      if (started) await call({ op: "start", recover: started.recover });
      if (intakeStopped) post({ type: "stopIntake" });
      const queued = missed;
      missed = [];
      for (const m of queued) post(m);
    } catch (err) {
      log.error({ err }, "gateway thread did not start again");
      if (!closing) restartTimer = setTimeout(() => void restart(), RESTART_AFTER_MS);
    }
  };
  await spawn();

  const unsubscribe = bus.on("message:created", (message) => post({ type: "message", message, log: logContext() }));
  const ctx: GatewayCtx = {
    ...deps,
    clock: systemClock,
    models: defaultModelResolver,
    executing: new Map(),
    leaseMs: opts.leaseMs ?? RUN_LEASE_MS,
    kick: () => post({ type: "kick" }),
  };
  // Members steering runs from the chat (server/domain/steering), as the in-process gateway does.
  const unsteer = bus.on("run:steer", (e) => {
    const done =
      e.op === "cancel"
        ? worker
          ? call<boolean>({ op: "cancel", runId: e.runId, reason: e.reason })
          : cancelRun(ctx, e.runId, e.reason)
        : broadcastRun(ctx, e.runId).then(() => ctx.kick());
    done.catch((err: unknown) => log.error({ err, runId: e.runId }, "steering a run failed"));
  });

  return {
    ctx,
    start: async ({ recover = false } = {}) => {
      started = { recover };
      await call({ op: "start", recover });
    },
    tick: () => call({ op: "tick" }),
    idle: () => call({ op: "idle" }),
    // By the thread when it is up, so the canceled status goes out after the run's last draft;
    // else here (a run it was executing is taken over by its lease, and finds itself canceled).
    cancelRun: (runId, reason) => (worker ? call<boolean>({ op: "cancel", runId, reason }) : cancelRun(ctx, runId, reason)),
    stopIntake: () => {
      intakeStopped = true;
      post({ type: "stopIntake" });
    },
    drain: async (ms) => (worker ? call({ op: "drain", ms }) : { finished: 0, putBack: 0 }),
    async stop() {
      if (closing) return;
      closing = true;
      clearTimeout(restartTimer);
      try {
        if (worker) await call({ op: "stop" });
      } finally {
        unsubscribe();
        unsteer();
        await worker?.terminate();
      }
    },
  };
}
