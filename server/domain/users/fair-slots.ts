// A fair queue for a few slots of scarce work (password hashing): at most `slots` run at once,
// and the rest wait per key (a client address), served by turns: the next slot goes to the
// waiting key served least recently, so one key that keeps the queue full gets one turn in
// every round, never all of them. Each key may have `perKey` waiting, all keys together
// `max`; past either, or after `waitMs` in line, take() is refused with AppError("busy").
// Nothing here knows about hashing; password.ts owns the one process-wide instance.
import { AppError } from "../errors";

interface Waiter {
  resolve: (release: () => void) => void;
  reject: (e: AppError) => void;
  timer: ReturnType<typeof setTimeout>;
}

export interface FairSlotsOptions {
  slots: number;
  perKey: number;
  max: number;
  waitMs: number;
}

const busy = () => new AppError("busy", "The server is busy; try again in a moment", { retryAfterS: 1 });

// When each key last got a slot: forgotten after this long (a key that waited that long ago is new again).
const SERVED_MEMORY_MS = 60_000;

export class FairSlots {
  private inUse = 0;
  private readonly waiting = new Map<string, Waiter[]>();
  private waitingCount = 0;
  private readonly servedAt = new Map<string, number>();

  constructor(private readonly opts: FairSlotsOptions) {}

  /** A slot for `key`, at once or after its turn; call the returned function when done (twice is harmless). */
  take(key: string): Promise<() => void> {
    if (this.inUse < this.opts.slots && this.waitingCount === 0) return Promise.resolve(this.grant(key));
    const queue = this.waiting.get(key) ?? [];
    if (queue.length >= this.opts.perKey || this.waitingCount >= this.opts.max) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.drop(key, waiter);
          reject(busy());
        }, this.opts.waitMs),
      };
      queue.push(waiter);
      this.waiting.set(key, queue);
      this.waitingCount++;
    });
  }

  /** Slots in use and requests waiting, for tests and metrics. */
  get state() {
    return { inUse: this.inUse, waiting: this.waitingCount };
  }

  private grant(key: string): () => void {
    this.inUse++;
    const now = Date.now();
    this.servedAt.set(key, now);
    if (this.servedAt.size > 10_000) for (const [k, at] of this.servedAt) if (at < now - SERVED_MEMORY_MS) this.servedAt.delete(k);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inUse--;
      this.next();
    };
  }

  private next() {
    while (this.inUse < this.opts.slots && this.waitingCount > 0) {
      // The waiting key served longest ago (never served first; among equals, the one that queued first).
      let turn: string | undefined;
      let oldest = Number.POSITIVE_INFINITY;
      for (const key of this.waiting.keys()) {
        const at = this.servedAt.get(key) ?? 0;
        if (at < oldest) [turn, oldest] = [key, at];
      }
      const queue = this.waiting.get(turn!)!;
      const waiter = queue.shift()!;
      if (!queue.length) this.waiting.delete(turn!);
      this.waitingCount--;
      clearTimeout(waiter.timer);
      waiter.resolve(this.grant(turn!));
    }
  }

  private drop(key: string, waiter: Waiter) {
    const queue = this.waiting.get(key);
    const i = queue?.indexOf(waiter) ?? -1;
    if (!queue || i < 0) return;
    queue.splice(i, 1);
    if (!queue.length) this.waiting.delete(key);
    this.waitingCount--;
  }
}
