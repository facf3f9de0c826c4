// What a tool call knows about the run it belongs to. `state` is the run's mutable
// in-memory state for this model call; anything that must survive a restart is also
// written to the Run row (active space, wait state, seen cursors).
import type { GatewayCtx } from "../gateway-context";
import type { MessageOrigin } from "../context/context-input";
import { addRange, type SeenRanges } from "../runs/seen-ranges";

export interface RunScope {
  ctx: GatewayCtx;
  run: {
    id: string;
    chainDepth: number;
    triggerType: "space_message" | "plan" | "service";
    triggerSpaceId: string | null;
    /** Spaces this run may read from and post to (server/agents/reach). */
    reach: readonly string[];
    requesterId: string | null;
    /** This model call's own key: the provider's tool call ids are unique only within a call. */
    callKey?: string;
  };
  agent: { id: string; entityId: string; name: string; maxWaitingRuns: number; maxRunDurationMs: number; maxToolSteps: number };
  /** Stamped on every message this run sends (a message says why it was sent). */
  origin: MessageOrigin;
  state: {
    activeSpaceId: string | null;
    /** send_message(wait: true) succeeded: stop the model call after this step. */
    paused: boolean;
    /** stop_run named this run. */
    stopped: boolean;
    waitCount: number;
    /** Messages shown per space, as seq ranges (runs/seen-ranges.ts); stored in Run.seenCursors. */
    seen: Record<string, SeenRanges>;
    /** Settles when every tool call started so far has (build-tools.ts runs them in order). */
    toolCalls?: Promise<unknown>;
  };
}

/** Records that messages `fromSeq`..`toSeq` of a space were shown to the agent (or written by it). */
export function noteSeen(scope: RunScope, spaceId: string, fromSeq: number, toSeq: number): void {
  scope.state.seen[spaceId] = addRange(scope.state.seen[spaceId] ?? [], fromSeq, toSeq);
}

/** What a memory, goal or plan made now records about where it came from, and the run that made it (for the audit log). */
export function provenanceOf(scope: RunScope): { originSpaceId: string | null; reach: string[]; requesterId: string | null; runId: string } {
  return {
    originSpaceId: scope.state.activeSpaceId ?? scope.run.triggerSpaceId,
    reach: [...scope.run.reach],
    requesterId: scope.run.requesterId,
    runId: scope.run.id,
  };
}
