// The destination the process logger writes its JSON lines to, for tests that watch them
// (capture-logs.ts on the main thread, log-probe-models.ts in a gateway thread).
import pino from "pino";
import { log } from "../log";

export function logStream(): { write(line: string): unknown } {
  return (log as unknown as Record<symbol, { write(line: string): unknown }>)[pino.symbols.streamSym]!;
}
