// Why a model call ended badly: the reason we aborted it, or the error it threw, in words an
// admin reads in the inspector. Shutdown is not a failure.
import { isAppError } from "../../domain/errors";
import { describeProviderFailure } from "../models/describe-provider-failure";

/** An abort or refusal we caused (duration, tool steps): its message is the run's error as is. */
export class RunLimit extends Error {}

/** Abort reason on graceful shutdown: not a failure; the run is put back for another process (put-back.ts). */
export class ShutdownAbort extends Error {}

/** The stream only reports that it was aborted; the abort's reason says why. */
export function causeOf(e: unknown, signal: AbortSignal): unknown {
  return signal.aborted && signal.reason instanceof Error ? signal.reason : e;
}

export function describeError(e: unknown): string {
  if (e instanceof RunLimit || isAppError(e)) return e.message;
  const provider = describeProviderFailure(e);
  if (provider) return provider;
  if (e instanceof Error) {
    const status = (e as { statusCode?: number }).statusCode;
    return `Model call failed${status ? ` (HTTP ${status})` : ""}: ${e.message}`;
  }
  return `Model call failed: ${String(e)}`;
}

/** What providers say when the prompt does not fit the model's window (OpenAI, Anthropic, compatible servers). */
const CONTEXT_TOO_LONG =
  /context[_ ]length[_ ]exceeded|maximum context length|prompt is too long|context window|too many (input )?tokens|input is too long|exceeds? the (model'?s? )?(context|maximum)|reduce the length of the (messages|prompt)/i;

/** True when the provider refused the call because its input was too long. Looks through SDK wrappers (retries, causes) and the response body. */
export function isContextTooLong(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== "object" || depth > 3) return false;
  const err = e as { message?: unknown; responseBody?: unknown; lastError?: unknown; cause?: unknown; errors?: unknown };
  if ([err.message, err.responseBody].some((t) => typeof t === "string" && CONTEXT_TOO_LONG.test(t))) return true;
  const inner = [err.lastError, err.cause, ...(Array.isArray(err.errors) ? err.errors : [])];
  return inner.some((x) => isContextTooLong(x, depth + 1));
}
