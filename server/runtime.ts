// The process's shared pieces (database, event sink, auth secret), registered once by
// server/main.ts. Next's route bundles are separate module instances from the custom
// server, so they reach the same objects through globalThis.
import type { Deps } from "./domain/deps";
import type { Gateway } from "./agents/gateway";
import { setDb } from "./db/client";

export interface Runtime extends Deps {
  secret: string;
  gateway?: Gateway;
  /** Asks Redis whether it answers; absent when the process runs without Redis. */
  pingRedis?: () => Promise<void>;
}

const g = globalThis as unknown as { __parleyRuntime?: Runtime };

export function setRuntime(rt: Runtime | undefined): void {
  g.__parleyRuntime = rt;
  setDb(rt?.db);
}

export function getRuntime(): Runtime {
  if (!g.__parleyRuntime) throw new Error("Runtime not initialised: start the app with server/main.ts");
  return g.__parleyRuntime;
}
