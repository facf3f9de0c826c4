// Structured JSON logs (one line per event) via pino. LOG_LEVEL controls verbosity;
// tests default to "warn" so their output stays readable. Every line inside a request,
// socket event or agent run carries its id (log-context.ts) through the mixin.
import pino from "pino";
import { logLevel } from "./env";
import { logContext } from "./log-context";

const g = globalThis as unknown as { __parleyLog?: pino.Logger };

export const log: pino.Logger =
  g.__parleyLog ??
  (g.__parleyLog = pino({
    level: logLevel(),
    base: { app: "parley" },
    mixin: logContext,
  }));
