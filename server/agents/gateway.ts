// The agent gateway: listens for new messages, turns them into runs, and runs them.
// One per process. With several processes on one database, each claims runs and plans
// through the database (advisory locks, SKIP LOCKED, unique keys), so each runs once.
import type { Deps } from "../domain/deps";
import type { MessageDto } from "@/lib/realtime/dto";
import { log } from "../log";
import { systemClock, type Clock } from "./clock";
import type { GatewayCtx } from "./gateway-context";
import { defaultModelResolver, type ModelResolver } from "./models/resolve-model";
import { onMessage } from "./triggers/on-message";
import { onMessageDeleted, onMessageEdited } from "./triggers/on-message-change";
import { RunWorker } from "./runs/worker";
import type { LoopHeadroom } from "./runs/loop-headroom";
import { PlanScheduler } from "./plans/scheduler";
import { cancelRun } from "./runs/transitions";
import { broadcastRun } from "./runs/broadcast-run";
import { inBackground } from "../db/lanes";
import { RUN_LEASE_MS } from "@/lib/limits";

export interface GatewayOptions {
  clock?: Clock;
  models?: ModelResolver;
  /** Poll interval for timeouts, plans and runs queued elsewhere; 0 = only manual tick() (tests). */
  tickMs?: number;
  /**
   * Runs this process executes at once, over all agents (each agent also has its own cap).
   * The embedded database has one connection: a burst of runs would queue every member's
   * queries behind theirs, so the server keeps this small there. Default: no process cap.
   */
  maxRunsInFlight?: number;
  /** A run whose process stopped touching it for this long is taken over (runs/lease.ts). Default RUN_LEASE_MS. */
  leaseMs?: number;
  /**
   * Past the first run in flight, claim another only while this has room (runs/loop-headroom.ts),
   * so that people's requests in this process stay fast. The server passes watchLoopHeadroom();
   * tests that count runs executing at once pass none, since a loaded test machine would hold
   * claims back. The gateway stops it when it stops.
   */
  headroom?: LoopHeadroom;
}

export interface Gateway {
  ctx: GatewayCtx;
  start(opts?: { recover?: boolean }): Promise<void>;
  /** One scheduler + worker round (tests drive time with this). */
  tick(): Promise<void>;
  /** Resolves when triggers, claims and runs have all settled. */
  idle(): Promise<void>;
  /**
   * Cancels a live run (an admin, an archived agent) and aborts its model call where it is
   * executing. False when it had already ended.
   */
  cancelRun(runId: string, reason: string): Promise<boolean>;
  /** Shutdown, first step: no more ticks, claims or takeovers. Messages still trigger runs, queued for other processes. */
  stopIntake(): void;
  /**
   * Shutdown: runs executing here get `ms` to finish, the rest are cut off and put back for
   * another process (queued again, or parked if they had just asked with wait).
   */
  drain(ms: number): Promise<{ finished: number; putBack: number }>;
  /**
   * Final: stops intake, puts back any run still executing, stops listening for messages and
   * waits for the trigger handling already under way. A stopped gateway does not start again.
   */
  stop(): Promise<void>;
}

export function createGateway(deps: Deps, opts: GatewayOptions = {}): Gateway {
  if (!deps.bus) throw new Error("The gateway needs deps.bus");
  let worker: RunWorker;
  const ctx: GatewayCtx = {
    ...deps,
    clock: opts.clock ?? systemClock,
    models: opts.models ?? defaultModelResolver,
    executing: new Map(),
    leaseMs: opts.leaseMs ?? RUN_LEASE_MS,
    kick: () => worker.kick(),
  };
  const { headroom } = opts;
  worker = new RunWorker(ctx, opts.maxRunsInFlight, headroom);
  const scheduler = new PlanScheduler(ctx);
  const pending = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  /** The timer's tick under way, awaited by a shutdown so it does not claim after the drain looked. */
  let ticking: Promise<void> = Promise.resolve();

  const unsubscribe = deps.bus.on("message:created", (m: MessageDto) => {
    // The sender already has their ack: deciding who reacts is background work.
    const p = inBackground(() => onMessage(ctx, m))
      .catch((err) => log.error({ err, messageId: m.id }, "trigger handling failed"))
      .finally(() => pending.delete(p));
    pending.add(p);
  });

  // Edits and deletions are background work too (triggers/on-message-change.ts).
  const background = (what: string, messageId: string, work: () => Promise<void>) => {
    const p = inBackground(work)
      .catch((err) => log.error({ err, messageId }, `${what} handling failed`))
      .finally(() => pending.delete(p));
    pending.add(p);
  };
  const offEdited = deps.bus.on("message:edited", (e) => background("edit", e.message.id, () => onMessageEdited(ctx, e)));
  const offDeleted = deps.bus.on("message:deleted", (e) => background("deletion", e.message.id, () => onMessageDeleted(ctx, e)));
  // Members steering runs from the chat (server/domain/steering): a stop takes the admin's
  // cancel path; a regenerated answer's run is announced and claimed at once.
  const unsteer = deps.bus.on("run:steer", (e) => {
    const p = inBackground(async () => {
      if (e.op === "cancel") await cancelRun(ctx, e.runId, e.reason);
      else {
        await broadcastRun(ctx, e.runId);
        worker.kick();
      }
    })
      .catch((err) => log.error({ err, runId: e.runId }, "steering a run failed"))
      .finally(() => pending.delete(p));
    pending.add(p);
  });

  const tick = async () => {
    await scheduler.tick();
    await worker.recoverStale();
    worker.kick();
  };

  const drain = async (ms: number) => {
    clearInterval(timer);
    worker.stopClaiming();
    await ticking;
    return worker.drain(ms);
  };

  return {
    ctx,
    async start({ recover = false } = {}) {
      if (recover) {
        const n = await worker.recoverInterrupted();
        if (n) log.info({ runs: n }, "recovered interrupted runs");
      }
      const every = opts.tickMs ?? 1000;
      if (every > 0)
        timer = setInterval(() => {
          ticking = inBackground(tick).catch((err) => log.error({ err }, "gateway tick failed"));
        }, every);
      worker.kick();
    },
    tick,
    async idle() {
      for (;;) {
        await Promise.all([...pending]);
        await worker.idle();
        if (pending.size === 0 && ctx.executing.size === 0) return;
      }
    },
    cancelRun: (runId, reason) => cancelRun(ctx, runId, reason),
    stopIntake() {
      clearInterval(timer);
      worker.stopClaiming();
    },
    drain,
    async stop() {
      await drain(0);
      headroom?.stop();
      // Last: messages posted until now (by runs that finished, by requests and socket events
      // in flight) still made their runs; those are in the database for other processes.
      unsubscribe();
      offEdited();
      offDeleted();
      unsteer();
      await Promise.allSettled([...pending]);
    },
  };
}
