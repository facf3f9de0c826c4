// The JSON lines the process logger writes, parsed, while a test runs: its destination's
// write is intercepted, so a test sees each line as it would reach the log (mixin fields included).
import type pino from "pino";
import { vi } from "vitest";
import { log } from "../log";
import { logStream } from "./log-stream";

export function captureLogs(level: pino.Level = "info") {
  const stream = logStream();
  const lines: Record<string, unknown>[] = [];
  const spy = vi.spyOn(stream, "write").mockImplementation((line: string) => {
    lines.push(JSON.parse(line));
    return true;
  });
  const before = log.level;
  log.level = level;
  return {
    lines,
    /** The first line whose message is `msg`. */
    line: (msg: string) => lines.find((l) => l.msg === msg),
    restore() {
      spy.mockRestore();
      log.level = before;
    },
  };
}
