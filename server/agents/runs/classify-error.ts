// Why a model call ended badly: the reason we aborted it, or the error it threw, in words an
// admin reads in the inspector. Shutdown is not a failure.
import { isAppError } from "../../domain/errors";
import { describeProviderFailure } from "../models/describe-provider-failure";

/** An abort or refusal we caused (duration, tool steps): its message is the run's error as is. */
export class RunLimit extends Error {}

/** Abort reason on graceful shutdown: the run stays `running` and is recovered on the next start. */
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
