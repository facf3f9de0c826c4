// What every part of the gateway is given: the domain deps plus a clock, the model
// resolver and a way to wake the run worker. Free of Socket.IO: events go through the sink.
import type { Deps } from "../domain/deps";
import type { Clock } from "./clock";
import type { ModelResolver } from "./models/resolve-model";

export interface GatewayCtx extends Deps {
  clock: Clock;
  models: ModelResolver;
  /** Ask the worker to look for runnable runs soon. */
  kick(): void;
  /** Abort controllers of runs executing in this process, by run id. */
  executing: Map<string, AbortController>;
  /** A run not touched for this long lost its process and is taken over (runs/lease.ts). */
  leaseMs: number;
}
