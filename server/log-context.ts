// What every log line inside one piece of work carries: the HTTP request's or socket event's
// `reqId` (and the event's name), or the agent run's `runId`. Held in AsyncLocalStorage and
// added by the logger's mixin (log.ts), so no call site passes ids along by hand. On
// globalThis because Next's route bundles load their own copy of this module, and the store
// the custom server entered must be the one their log lines read.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

export interface LogContext {
  reqId?: string;
  event?: string;
  runId?: string;
}

const g = globalThis as unknown as { __parleyLogContext?: AsyncLocalStorage<LogContext> };
const store: AsyncLocalStorage<LogContext> = (g.__parleyLogContext ??= new AsyncLocalStorage<LogContext>());

/**
 * Runs `fn` with `ctx` as the log context of everything it starts, replacing (not extending)
 * the caller's: a run kicked from inside a request is the run's work, not the request's.
 */
export function withLogContext<T>(ctx: LogContext, fn: () => T): T {
  return store.run(ctx, fn);
}

/** The current context's fields, for the logger's mixin; {} outside any. A copy: pino merges each line's fields into what the mixin returns. */
export function logContext(): LogContext {
  return { ...store.getStore() };
}

/** A fresh id for a request or socket event that brought none. */
export const newRequestId = (): string => randomUUID();
