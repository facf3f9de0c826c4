// The queue in front of the embedded database's one connection. PGlite runs one statement
// or transaction at a time in arrival order; this queue hands the connection to people's
// work first (lanes.ts), and to background work at least every BACKGROUND_SHARE-th turn
// while both wait, so agents under a steady stream of requests still progress.
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { currentLane, type Lane } from "./lanes";

/** While both lanes wait, one turn in this many goes to the background lane. */
export const BACKGROUND_SHARE = 4;

export class LaneQueue {
  private busy = false;
  private readonly waiting: Record<Lane, (() => void)[]> = { foreground: [], background: [] };
  private foregroundStreak = 0;

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy) await new Promise<void>((go) => this.waiting[currentLane()].push(go));
    else this.busy = true;
    try {
      return await work();
    } finally {
      this.next();
    }
  }

  /** Turns waiting, per lane (for tests and diagnostics). */
  get depth(): Record<Lane, number> {
    return { foreground: this.waiting.foreground.length, background: this.waiting.background.length };
  }

  // PGlite runs a statement synchronously and resolves a promise, so without a pause the
  // whole queue would drain in one stretch of microtasks: the event loop would read no
  // socket or HTTP request until it was empty (seconds, under load). Passing the turn on in
  // setImmediate lets pending I/O in first, and people's requests that arrive then get to
  // queue ahead of the background work.
  private next(): void {
    setImmediate(() => this.handOver());
  }

  private handOver(): void {
    const { foreground, background } = this.waiting;
    const backgroundTurn = background.length > 0 && (foreground.length === 0 || this.foregroundStreak >= BACKGROUND_SHARE - 1);
    const go = backgroundTurn ? background.shift() : foreground.shift();
    this.foregroundStreak = backgroundTurn ? 0 : this.foregroundStreak + 1;
    if (go) go();
    else this.busy = false; // the connection stays ours until the next turn starts: no overtaking
  }
}

/**
 * The PGlite methods the Prisma adapter calls, each taking a turn in `queue`. A transaction
 * holds its turn until it ends; its own statements (on the Transaction object PGlite hands
 * to the callback) go straight to the connection, as PGlite would run them anyway.
 */
export function queued(lite: PGlite, queue = new LaneQueue()): PGlite {
  const gated = {
    query: (...args: Parameters<PGlite["query"]>) => queue.run(() => lite.query(...args)),
    exec: (...args: Parameters<PGlite["exec"]>) => queue.run(() => lite.exec(...args)),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => queue.run(() => lite.transaction(callback)),
  };
  // Everything else is PGlite's own, bound to it: its methods use private fields.
  return new Proxy(lite, {
    get: (target, prop) => {
      if (Object.hasOwn(gated, prop)) return gated[prop as keyof typeof gated];
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
