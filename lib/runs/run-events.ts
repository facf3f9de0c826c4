// A run's timeline on the wire: each event type with the data it carries. The server writes
// them (server/agents/runs/run-events.ts appendRunEvent), the inspector renders them.
import type { RunStatus } from "./run-status";

/** What a resumed model call was told about its wait. */
export interface WaitOutcome {
  reply: { entityId: string; entityName: string; entityType: "human" | "agent"; text: string; timestamp: string } | null;
  waitDuration: string;
  status: "resolved" | "timeout";
}

/** Every event type with its data. Strings longer than the server's field limit arrive cut, ending in "…". */
export type RunEventBody =
  | { type: "status"; data: { status: RunStatus; reason?: string } }
  | {
      type: "context";
      data: {
        tokens: number;
        omittedSeen: number;
        /** [NEW] history lines left out for the budget: digested, so they count as read. */
        omittedNew?: number;
        resumed: WaitOutcome | null;
        model: string;
        /**
         * The window's parts, in tokens: the reply's reserve, the tool schemas, and the context's share.
         * `source`: where the window comes from (the agent's settings, the model's known window, or the
         * default for unknown models); absent on older rows.
         */
        budget?: { window: number; source?: "settings" | "model" | "default"; output: number; tools: number; context: number };
        /** Set when the context was rebuilt smaller because the provider said the last one was too long: what it said. */
        retry?: string;
        /** Set on a retry after tool steps ran: the context was compacted mid-run, not rebuilt from the start. */
        compacted?: boolean;
        /** The run's reach for this call: what it could read. A later, narrower call or reader must not see what this one did. */
        reach?: string[];
        /** The tools the model was offered in this call (the agent's enabled tools); absent on older rows. */
        tools?: string[];
        /** The failed runs FAILED RUNS showed this call: handled once this run completes. */
        failuresShown?: string[];
      };
    }
  /** usage.cachedInput: of `input`, tokens read from the provider's prompt cache; null or absent when the provider did not say. */
  | {
      type: "model_step";
      data: { text: string; toolCalls: string[]; finishReason: string; usage: { input: number; output: number; cachedInput?: number | null } };
    }
  | { type: "tool_call"; data: { toolCallId: string; name: string; input: unknown } }
  /** `output` is what the tool returned, or `{ error }` when it refused. */
  | { type: "tool_result"; data: { toolCallId: string; name: string; output: unknown } }
  /** `toolCallId` and `sentHash` (sha256 of text, reply target and wait) let a replayed or repeated send_message find it (absent on older rows). */
  /** textHash (text and wait) and callKey (the model call): a later call of the run must not post the same text again. */
  | {
      type: "message_sent";
      data: { messageId: string; spaceId: string; text: string; wait: boolean; toolCallId?: string; sentHash?: string; textHash?: string; callKey?: string };
    }
  | { type: "wait_started"; data: { messageId: string } }
  | { type: "wait_resolved"; data: { messageId: string; by: string } }
  /** A message arrived during the wait from someone who was not asked: it did not resolve it. */
  | { type: "wait_not_answer"; data: { messageId: string; by: string; asked: string } }
  | { type: "folded"; data: { messageId: string; sender: string } }
  | { type: "error"; data: { error: string; partialOutput: string | null } };

export type RunEventType = RunEventBody["type"];

export type RunEventData<T extends RunEventType> = Extract<RunEventBody, { type: T }>["data"];

/** One timeline entry of a run. */
export type RunEventDto = RunEventBody & { runId: string; seq: number; createdAt: string };

/** The error a tool_result reports, if the tool refused. */
export function toolError(output: unknown): string | null {
  return output && typeof output === "object" && "error" in output && typeof output.error === "string" ? output.error : null;
}
