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
    /** The thread the trigger was posted in: send_message posts there by default while its space is active. */
    triggerThreadRootId?: string | null;
    /** Spaces this run may read from and post to (server/agents/reach). */
    reach: readonly string[];
    requesterId: string | null;
    /** Who sent the trigger message (space_message runs): asked by default when the run asks a question. */
    triggerEntityId?: string | null;
    /** This model call's own key: the provider's tool call ids are unique only within a call. */
    callKey?: string;
  };
  agent: {
    id: string;
    entityId: string;
    name: string;
    maxWaitingRuns: number;
    maxRunDurationMs: number;
    maxToolSteps: number;
    /** How long its questions wait for an answer (Agent.waitTimeoutMs; default WAIT_TIMEOUT_MS). */
    waitTimeoutMs?: number;
  };
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
    /** What `seen` held apart from this call's read_messages pages: the base it is recomputed from when a page shrinks. */
    seenBase?: Record<string, SeenRanges>;
    /** This call's read_messages pages by tool call id, with the lines each showed. */
    pages?: Record<string, ShownPage>;
    /** Settles when every tool call started so far has (build-tools.ts runs them in order). */
    toolCalls?: Promise<unknown>;
  };
}

/** A read_messages page: the range it covers and each line it showed; `visible`, once shrunk, the seqs its preview still shows. */
export interface ShownPage {
  spaceId: string;
  fromSeq: number;
  toSeq: number;
  lines: { seq: number; line: string }[];
  visible?: number[];
}

/** Records that messages `fromSeq`..`toSeq` of a space were shown to the agent (or written by it). */
export function noteSeen(scope: RunScope, spaceId: string, fromSeq: number, toSeq: number): void {
  const s = scope.state;
  if (s.seenBase) s.seenBase[spaceId] = addRange(s.seenBase[spaceId] ?? [], fromSeq, toSeq);
  s.seen[spaceId] = addRange(s.seen[spaceId] ?? [], fromSeq, toSeq);
}

/** Records a read_messages page as shown, in full until a later step shrinks it (pageShrunk). */
export function notePage(scope: RunScope, toolCallId: string, page: ShownPage): void {
  const s = scope.state;
  s.seenBase ??= structuredClone(s.seen);
  (s.pages ??= {})[toolCallId] = page;
  s.seen[page.spaceId] = addRange(s.seen[page.spaceId] ?? [], page.fromSeq, page.toSeq);
}

/**
 * What the model sees counts, nothing more: a page the in-run budget shrank to a preview
 * (runs/prepare-step.ts) counts only the lines the preview shows whole.
 */
export function pageShrunk(scope: RunScope, toolCallId: string, preview: string): void {
  const s = scope.state;
  const page = s.pages?.[toolCallId];
  if (!page || !s.seenBase) return;
  page.visible = page.lines.filter((l) => preview.includes(JSON.stringify(l.line))).map((l) => l.seq);
  const seen = structuredClone(s.seenBase);
  for (const p of Object.values(s.pages ?? {})) {
    if (!p.visible) seen[p.spaceId] = addRange(seen[p.spaceId] ?? [], p.fromSeq, p.toSeq);
    else for (const seq of p.visible) seen[p.spaceId] = addRange(seen[p.spaceId] ?? [], seq, seq);
  }
  s.seen = seen;
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
