// Who is waiting for a piece of work. Database work done for a person (a socket event, an
// HTTP request) is "foreground"; work nobody is waiting on right now (agent runs, trigger
// handling, plan ticks) is "background". The embedded database has one connection, and
// its queue serves foreground work first (see embedded-queue.ts), so agents reacting to a
// busy channel do not slow down the people in it. On PostgreSQL (a pool) lanes change nothing.
import { AsyncLocalStorage } from "node:async_hooks";

export type Lane = "foreground" | "background";

const current = new AsyncLocalStorage<Lane>();

/** Runs `work` (and everything it starts, timers and callbacks included) in the background lane. */
export function inBackground<T>(work: () => T): T {
  return current.run("background", work);
}

/** The lane of the calling code: foreground unless some caller put it in the background. */
export function currentLane(): Lane {
  return current.getStore() ?? "foreground";
}
