// SIGTERM and SIGINT from the start of main(): one that arrives while the process is still
// starting (opening its database, migrating, preparing its app, starting its gateway) is held
// until it is up, and then shuts it down the normal way (shutdown.ts). Node's default would
// end it mid-start, with any run its gateway had just claimed left `running` until its lease
// ran out. A start that never finishes does not hold a signal forever: `forceMs` after it,
// the process exits.
import type { EventEmitter } from "node:events";
import { log } from "../log";

export type StopSignal = "SIGTERM" | "SIGINT";

export interface StopSignals {
  /** The process is up: signals go to `stop` from now on, and one held during the start goes now. */
  started(stop: (signal: StopSignal) => void): void;
}

export function catchStopSignals(opts: { forceMs: number; exit: (code: number) => void; proc?: EventEmitter }): StopSignals {
  const proc = opts.proc ?? process;
  let stop: ((signal: StopSignal) => void) | undefined;
  let held: StopSignal | undefined;
  let timer: NodeJS.Timeout | undefined;
  const on = (signal: StopSignal) => {
    if (stop) return stop(signal);
    if (held) return;
    held = signal;
    log.info({ signal }, "stop signal while starting: shutting down once started");
    timer = setTimeout(() => {
      log.error({ signal }, "still starting after a stop signal: exiting now");
      opts.exit(1);
    }, opts.forceMs);
    timer.unref();
  };
  proc.on("SIGTERM", () => on("SIGTERM"));
  proc.on("SIGINT", () => on("SIGINT"));
  return {
    started(fn) {
      stop = fn;
      clearTimeout(timer);
      if (held) fn(held);
    },
  };
}
