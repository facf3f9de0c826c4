// What one model call of a run was, from its "context" event: the inspector labels each call's
// context with it.
import type { RunEventDto } from "./run-events";

export type ContextEvent = Extract<RunEventDto, { type: "context" }>;

/** `n` is the call's 1-based number among the run's calls. */
export function callKind(data: ContextEvent["data"], n: number): string {
  if (data.compacted) return "compacted after tool steps";
  if (data.retry !== undefined) return "retried smaller after a context-length error";
  if (data.resumed) return data.resumed.status === "timeout" ? "resumed after the wait timed out" : "resumed after a reply";
  if (n === 1) return "first call";
  // Neither a wait nor a retry: the run was started again (taken over, or put back at a shutdown).
  return "restarted";
}

export const contextEvents = (events: readonly RunEventDto[]): ContextEvent[] => events.filter((e): e is ContextEvent => e.type === "context");
