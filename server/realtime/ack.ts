// Every client event goes through `handle`: find the ack, parse the payload with its zod
// schema, run the domain call, ack {ok:true,data} or {ok:false,error}. Nothing a client
// sends can throw out of here, so a bad event never takes the connection or process down.
// Each event gets its own request id for the log lines it causes, and its time from parse to
// ack is recorded per event and result (server/metrics).
import type { z } from "zod";
import { type Ack, TOO_LARGE } from "@/lib/realtime/events";
import { containsNul, NUL_MESSAGE } from "@/lib/no-nul";
import { toErrorBody, isAppError } from "../domain/errors";
import { log } from "../log";
import { newRequestId, withLogContext } from "../log-context";
import { metrics } from "../metrics/metrics";

type AckFn = (ack: Ack<unknown>) => void;

export function handle<S extends z.ZodType, T>(event: string, schema: S, run: (input: z.output<S>) => Promise<T>, context: () => Record<string, unknown>) {
  // Resolves with the ack it sent, so the socket's queue can tell a flood of refusals.
  return (...args: unknown[]): Promise<Ack<unknown>> =>
    withLogContext({ reqId: newRequestId(), event }, async () => {
      const timer = metrics().socketEventSeconds.startTimer({ event });
      const acked = await handleEvent(args);
      timer({ result: acked.ok ? "ok" : acked.error.code });
      return acked;
    });

  async function handleEvent(args: unknown[]): Promise<Ack<unknown>> {
    const last = args[args.length - 1];
    const ack: AckFn = typeof last === "function" ? (last as AckFn) : () => {};
    const payload = typeof args[0] === "function" ? undefined : args[0];
    if (containsNul(payload)) {
      log.warn({ event, ...context() }, "socket payload rejected: NUL character");
      return safeAck(ack, { ok: false, error: { code: "bad_request", message: NUL_MESSAGE } });
    }
    const parsed = schema.safeParse(payload ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = issue ? `${issue.path.join(".") || "payload"}: ${issue.message}` : "Invalid payload";
      // Length limits on typed text mark their issue (see withinLength in lib/realtime/events.ts).
      const tooLong = parsed.error.issues.some((i) => i.code === "custom" && i.params?.code === TOO_LARGE);
      log.warn({ event, ...context(), issues: parsed.error.issues.length }, "socket payload rejected");
      return safeAck(ack, { ok: false, error: { code: tooLong ? "payload_too_large" : "bad_request", message } });
    }
    try {
      return safeAck(ack, { ok: true, data: await run(parsed.data) });
    } catch (e) {
      // rate_limited is logged once per window by the limiter itself, not once per refused event.
      if (isAppError(e)) {
        if (e.code !== "rate_limited") log.info({ event, ...context(), code: e.code }, e.message);
      } else log.error({ event, ...context(), err: e }, "socket handler failed");
      return safeAck(ack, { ok: false, error: toErrorBody(e) });
    }
  }
}

function safeAck(ack: AckFn, value: Ack<unknown>): Ack<unknown> {
  try {
    ack(value);
  } catch (e) {
    log.warn({ err: e }, "ack callback threw");
  }
  return value;
}
