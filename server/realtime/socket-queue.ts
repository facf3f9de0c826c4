// How one socket's events reach the handlers:
// - One at a time, in order. The embedded database has one connection, so twenty events
//   from one socket at once would put twenty transactions ahead of every other member's;
//   in order, a socket holds at most one place.
// - Refusals get slower. A socket whose events keep being refused (rate limited) is a
//   flood, and answering each refusal at once would still spend the whole event loop on it:
//   past REFUSALS_BEFORE_SLOWDOWN refusals in a row, each further refusal holds the
//   socket's queue for REFUSED_EVENT_PAUSE_MS. Every event still gets its ack and the
//   connection stays open; one accepted event ends the slowdown.
// - A bounded backlog. A client with more than MAX_PENDING_EVENTS_PER_SOCKET events
//   unanswered is not waiting for acks at all; it is disconnected rather than queued.
import { MAX_PENDING_EVENTS_PER_SOCKET, REFUSALS_BEFORE_SLOWDOWN, REFUSED_EVENT_PAUSE_MS } from "@/lib/limits";
import type { Ack } from "@/lib/realtime/events";

export interface SocketQueue {
  /** Queues one event's handling; it resolves with the ack the handler sent. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler that answers nothing is `async () => {}`, a Promise<void>
  push(work: () => Promise<Ack<unknown> | void>): void;
  /** Events received and not yet answered. */
  readonly pending: number;
  /** Resolves when every event queued so far is answered (a shutdown waits for it before closing Redis). */
  idle(): Promise<void>;
}

export function socketQueue(onOverflow: () => void): SocketQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;
  let refusedInARow = 0;
  let overflowed = false;

  // biome-ignore lint/suspicious/noConfusingVoidType: as in SocketQueue.push
  const step = async (work: () => Promise<Ack<unknown> | void>) => {
    try {
      const ack = await work();
      if (ack && !ack.ok && ack.error.code === "rate_limited") refusedInARow++;
      else refusedInARow = 0;
      if (refusedInARow > REFUSALS_BEFORE_SLOWDOWN) await new Promise((r) => setTimeout(r, REFUSED_EVENT_PAUSE_MS));
    } finally {
      pending--;
    }
  };

  return {
    push(work) {
      if (overflowed) return;
      if (pending >= MAX_PENDING_EVENTS_PER_SOCKET) {
        overflowed = true;
        onOverflow();
        return;
      }
      pending++;
      tail = tail.then(() => step(work)).catch(() => {});
    },
    get pending() {
      return pending;
    },
    idle: async () => {
      // The tail may grow while we wait (an event queued behind the one under way).
      for (let seen: Promise<unknown> | undefined; seen !== tail; ) await (seen = tail);
    },
  };
}
