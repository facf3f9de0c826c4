// Data shapes that cross the wire (socket events and the HTTP API). Dates travel as ISO strings.
import type { RunStatus } from "@/lib/runs/run-status";
import type { ReplyMode } from "@/lib/agents/reply-modes";

export type EntityType = "human" | "agent";
export type SpaceKind = "channel" | "direct";
export type MemberRole = "owner" | "admin" | "member";

export interface EntityDto {
  id: string;
  name: string;
  type: EntityType;
  avatarColor: string | null;
}

export interface MessageDto {
  id: string;
  seq: number;
  spaceId: string;
  sender: EntityDto;
  text: string;
  replyToMessageId: string | null;
  /** A short quote of the replied-to message, for rendering the reply. */
  replyTo: { id: string; seq: number; senderName: string; text: string } | null;
  clientMessageId: string | null;
  runId: string | null;
  origin: Record<string, unknown> | null;
  chainDepth: number;
  /** The space's depth limit when agents were refused this message because of it (the chain stopped here); else null. */
  chainStopLimit: number | null;
  /** "system": a line the server wrote about the channel ("Ada added Planner"), shown as a notice, not as the sender's words. Absent otherwise. */
  kind?: "system";
  createdAt: string;
}

export type AgentStatus = "active" | "disabled" | "archived";

export interface MemberDto extends EntityDto {
  role: MemberRole;
  /** Agents: the model provider ("offline" is the built-in model). Humans: null. */
  provider: string | null;
  /** Agents: the agent's id (for its settings in this space). Humans: null. */
  agentId: string | null;
  /** Agents: which of this space's messages wake it. Humans: null. */
  replyMode: ReplyMode | null;
  /** Agents: whether messages wake it ("disabled" and "archived" ones never answer). Humans: null. */
  agentStatus?: AgentStatus | null;
  /** Agents: its model provider cannot work on this server (no key, no endpoint): it is not woken until an admin fixes it. */
  notConfigured?: boolean;
  /** Humans: read receipt. Agents: newest message a run has processed. */
  lastSeenSeq: number;
  lastSeenMessageId: string | null;
}

export interface SpaceDto {
  id: string;
  name: string;
  kind: SpaceKind;
  topic: string;
  maxChainDepth: number;
  /** Tokens the agents' runs triggered here may use per UTC day; null: no budget. */
  dailyTokenBudget: number | null;
  lastSeq: number;
  unreadCount: number;
  /** The caller's own read cursor. */
  lastSeenSeq: number;
  members: MemberDto[];
  createdAt: string;
}

export interface ReadCursorDto {
  spaceId: string;
  entityId: string;
  lastSeenSeq: number;
  lastSeenMessageId: string | null;
}

export interface MeDto {
  userId: string;
  entity: EntityDto;
  email: string;
  isAdmin: boolean;
}

export type { RunStatus };
export type TriggerType = "space_message" | "plan" | "service";

/** A run as the chat and the inspector see it (no context text: that is fetched on demand). */
export interface RunDto {
  id: string;
  agent: EntityDto & { provider: string; modelId: string };
  status: RunStatus;
  triggerType: TriggerType;
  triggerMessageId: string | null;
  triggerSpaceId: string | null;
  triggerEntityId: string | null;
  planId: string | null;
  serviceName: string | null;
  chainDepth: number;
  activeSpaceId: string | null;
  waitState: { spaceId: string; messageId?: string; timeoutAt: string; reply?: unknown } | null;
  waitCount: number;
  stepCount: number;
  inputTokens: number;
  /** Of inputTokens, read from the provider's prompt cache (0 when none was, or the provider did not say). */
  cachedInputTokens: number;
  outputTokens: number;
  totalTokens: number;
  error: string | null;
  partialOutput: string | null;
  statusReason: string | null;
  queuedAt: string;
  startedAt: string | null;
  endedAt: string | null;
  /** The failed run this one retries (same trigger), set when an admin retried it. */
  retryOfId: string | null;
}

export type { RunEventDto } from "@/lib/runs/run-events";

/** A send_message being written: the text so far, keyed by the message's clientMessageId. */
export interface RunStreamDto {
  runId: string;
  spaceId: string;
  agent: EntityDto;
  clientMessageId: string;
  text: string;
}

/** A message of the receiver's that woke no agent, and why, per agent (reasons a member may read). */
export interface UnansweredDto {
  spaceId: string;
  messageId: string;
  agents: { name: string; decision: "folded" | "refused"; reason: string }[];
}
