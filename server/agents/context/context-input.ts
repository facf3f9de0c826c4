// Everything the context builder needs, as plain data. load-context.ts fills it from the
// database; build-context.ts turns it into text without any I/O, so it is pure and fast
// and snapshot tests can feed it directly.
import type { WaitResult } from "../runs/waits";
import type { TokenCounting } from "./token-count";
import type { EarlierDigest } from "./earlier-digest";

export interface EntityRef {
  id: string;
  name: string;
  type: "human" | "agent";
}

export interface HistoryMessage {
  id: string;
  seq: number;
  createdAt: string;
  sender: EntityRef;
  text: string;
  replyToMessageId: string | null;
  /** Why an agent sent it, when it was sent because of something elsewhere. */
  origin: MessageOrigin | null;
}

export interface MessageOrigin {
  triggerType: "space_message" | "plan" | "service";
  triggerSpaceId?: string | null;
  triggerSpaceName?: string | null;
  triggerSpaceKind?: "channel" | "direct" | null;
  triggerSenderName?: string | null;
  triggerText?: string | null;
  planName?: string | null;
  serviceName?: string | null;
  /** The sender used wait: true. */
  expectsReply?: boolean;
}

export interface SpaceHistory {
  space: { id: string; name: string };
  messages: HistoryMessage[];
  /** The agent's cursor: messages with a greater seq are [NEW]. */
  lastProcessedSeq: number;
  /** Every seq from here to the newest shown message was shown or is deleted: the range a cursor may cross. */
  shownFromSeq: number;
  /** Unread messages older than the window, not shown. */
  unshownUnread: number;
}

export type TriggerInput =
  | {
      type: "space_message";
      space: { id: string; name: string };
      sender: EntityRef;
      message: { id: string; text: string; createdAt: string };
      senderExpectsReply: boolean;
      chainDepth: number;
    }
  | {
      type: "plan";
      plan: { id: string; name: string; instruction: string; schedule: string };
      scheduledAt: string;
      chainDepth: number;
    }
  | { type: "service"; serviceName: string; payload: unknown; chainDepth: number };

export interface ContextInput {
  now: string;
  agent: { id: string; entityId: string; name: string; persona: string; instructions: string };
  runId: string;
  /** Spaces this run may see. Everything below is already limited to them; lines use it to avoid naming others. */
  reach: readonly string[];
  trigger: TriggerInput;
  /** Present when this model call resumes the run after a wait. */
  resume: { result: WaitResult; replyMessageId: string | null; afterSeq: number } | null;
  activeSpace: { id: string; name: string; auto: boolean } | null;
  history: SpaceHistory | null;
  spaces: { id: string; name: string; kind: "channel" | "direct"; members: EntityRef[] }[];
  goals: { id: string; description: string; priority: number; longTerm: boolean }[];
  memories: { key: string; value: string }[];
  plans: {
    id: string;
    name: string;
    cron: string | null;
    runAfter: string | null;
    scheduledAt: string | null;
    nextRunAt: string | null;
  }[];
  activeRuns: {
    id: string;
    status: string;
    triggerType: string;
    senderName: string | null;
    spaceName: string | null;
    waitingIn: string | null;
  }[];
  previousFailure: { runId: string; error: string; partialOutput: string | null; endedAt: string } | null;
  /** Whole-context budget in tokens. */
  maxTokens: number;
  /** How the model's tokens are counted; an estimate when absent. */
  counting?: TokenCounting;
  /** The cached digest of the active space's messages left out of earlier contexts (EARLIER IN THIS SPACE). */
  earlier?: EarlierDigest | null;
}
