// The agent gateway in a thread of its own (started by start-gateway-thread.ts, on PostgreSQL).
// Runs are mostly CPU when the model is fast: query building, the model stream, their garbage.
// On the thread that answers people, a send would wait behind hundreds of their small
// callbacks; here they run beside it, with their own event loop, heap and database pool.
//
// The thread keeps no state the main thread needs: runs, plans and claims live in the
// database, as they do between processes. What it posts back is realtime events (the main
// thread's Socket.IO server sends them) and metric updates.
import { parentPort, workerData } from "node:worker_threads";
import { openDatabase } from "../../db/open";
import { DomainBus } from "../../domain/bus";
import type { Deps, EventSink } from "../../domain/deps";
import { log } from "../../log";
import { withLogContext } from "../../log-context";
import { metrics } from "../../metrics/metrics";
import { createGateway } from "../gateway";
import type { ModelResolver } from "../models/resolve-model";
import { watchLoopHeadroom } from "../runs/loop-headroom";
import { forwardMetrics } from "./forward-metrics";
import type { FromGatewayThread, GatewayCall, GatewayThreadConfig, ToGatewayThread } from "./protocol";

const port = parentPort;
if (!port) throw new Error("gateway-thread.ts runs as a worker thread (start-gateway-thread.ts)");
const config = workerData as GatewayThreadConfig;
const post = (m: FromGatewayThread) => port.postMessage(m);
// As on the main thread (server/main.ts): logged, not fatal. A thread's default would end it,
// and with it every run it is executing.
process.on("unhandledRejection", (err) => log.error({ err }, "gateway thread: unhandled rejection"));

const flushMetrics = forwardMetrics((updates) => post({ type: "metrics", updates }));

// Events go out in order, a batch per turn of the loop: a streamed draft is many small ones.
let events: Extract<FromGatewayThread, { type: "events" }>["calls"] = [];
/** Also before every reply, so that the main thread has seen all that came before it. */
const flushEvents = () => {
  flushMetrics();
  if (events.length === 0) return;
  const calls = events;
  events = [];
  post({ type: "events", calls });
};
const send = (call: (typeof events)[number]) => {
  if (events.push(call) === 1) setImmediate(flushEvents);
};
const sink: EventSink = {
  publish: (...args) => send({ method: "publish", args }),
  joinSpace: (...args) => send({ method: "joinSpace", args }),
  leaveSpace: (...args) => send({ method: "leaveSpace", args }),
  disconnect: (...args) => send({ method: "disconnect", args }),
};

const models = config.modelsModule ? ((await import(config.modelsModule)) as { resolver: ModelResolver }).resolver : undefined;
const database = await openDatabase({ kind: "postgres", url: config.databaseUrl, poolSize: config.poolSize });
const bus = new DomainBus();
/** True while a message the main thread stored (and counted) is handed to this bus. */
let fromMainThread = false;
// The messages its agents post: the main thread's listener never sees them.
bus.on("message:created", (m) => fromMainThread || metrics().messagesPersisted.inc({ sender: m.sender.type }));
const deps: Deps = { db: database.db, events: sink, bus };
const headroom = config.headroom ? watchLoopHeadroom() : undefined;
const gateway = createGateway(deps, { models, tickMs: config.tickMs, leaseMs: config.leaseMs, headroom });

async function answer(call: GatewayCall): Promise<unknown> {
  switch (call.op) {
    case "start":
      return gateway.start({ recover: call.recover });
    case "idle":
      return gateway.idle();
    case "tick":
      return gateway.tick();
    case "drain":
      return gateway.drain(call.ms);
    case "cancel":
      return gateway.cancelRun(call.runId, call.reason);
    case "stop":
      await gateway.stop();
      await database.close();
      return undefined;
  }
}

port.on("message", (m: ToGatewayThread) => {
  switch (m.type) {
    case "message":
      fromMainThread = true;
      try {
        // Trigger handling logs with the id of the request that stored the message, as it does on the main thread.
        withLogContext(m.log, () => bus.emit("message:created", m.message));
      } finally {
        fromMainThread = false;
      }
      return;
    case "kick":
      gateway.ctx.kick();
      return;
    case "stopIntake":
      gateway.stopIntake();
      return;
    case "call":
      answer(m.call).then(
        (value) => {
          flushEvents();
          post({ type: "reply", id: m.id, ok: true, value: value ?? null });
        },
        (err: unknown) => {
          log.error({ err, op: m.call.op }, "gateway thread: call failed");
          flushEvents();
          post({ type: "reply", id: m.id, ok: false, error: err instanceof Error ? err.message : String(err) });
        },
      );
  }
});

post({ type: "ready" });
