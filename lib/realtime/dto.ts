// Data shapes that cross the wire (socket events and the HTTP API). Dates travel as ISO strings.
import type { QuestionDto } from "../questions/question";
import type { RunStatus } from "@/lib/runs/run-status";
import type { ReplyMode } from "@/lib/agents/reply-modes";
import type { NotifyLevel } from "@/lib/mentions/notify-levels";

export type EntityType = "human" | "agent";
export type SpaceKind = "channel" | "direct";
export type MemberRole = "owner" | "admin" | "member";
export type SpaceVisibility = "public" | "private";

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
  replyTo: { id: string; seq: number; senderName: string; text: string; deleted?: boolean } | null;
  clientMessageId: string | null;
  runId: string | null;
  origin: Record<string, unknown> | null;
  chainDepth: number;
  /** The space's depth limit when agents were refused this message because of it (the chain stopped here); else null. */
  chainStopLimit: number | null;
  /** "system": a line the server wrote about the channel ("Ada added Planner"), shown as a notice, not as the sender's words. Absent otherwise. */
  kind?: "system";
  createdAt: string;
  /** When its text was last edited; null if never. */
  editedAt: string | null;
  /** When it was deleted (its text is then ""; sender and time stay); null if not. */
  deletedAt: string | null;
  /** Set on a reply in a thread: its root's id. Clients show it in the thread, and in the channel only with alsoInChannel. */
  threadRootId: string | null;
  /** On a thread's root with replies: the thread's summary (participants in order of first reply); null otherwise. */
  thread: ThreadSummaryDto | null;
  /** A thread reply that was also sent to the channel. */
  alsoInChannel?: boolean;
  /** Emoji reactions, oldest emoji first; each lists who reacted, oldest first. */
  reactions: ReactionDto[];
  /** An agent's question (sent with wait): who must answer and how it ended. Absent or null otherwise. */
  question?: QuestionDto | null;
  /** An agent's answer its requester asked to regenerate: a newer answer follows. Absent otherwise. */
  regenerated?: boolean;
}

export interface ThreadSummaryDto {
  replyCount: number;
  lastReplyAt: string | null;
  participantIds: string[];
}

/** One emoji's reactions to a message: how many, and the entities behind them. */
export interface ReactionDto {
  emoji: string;
  count: number;
  entityIds: string[];
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
  /** Channels: public ones are listed in the channel browser and anyone may join; private ones are members only. */
  visibility: SpaceVisibility;
  description: string;
  /** Archived: read-only, out of the sidebar; members can still open and read it. */
  archived: boolean;
  /** Mentions of the caller newer than their read cursor (in the space list; absent elsewhere). */
  mentionCount?: number;
  /** The caller's notify level here (in the space list; absent elsewhere). */
  notifyLevel?: NotifyLevel;
}

/** A channel as the channel browser lists it: what anyone in the workspace may know of a public channel (never its messages). */
export interface ChannelSummaryDto {
  id: string;
  name: string;
  topic: string;
  description: string;
  visibility: SpaceVisibility;
  memberCount: number;
  /** Whether the caller is a member. */
  joined: boolean;
  archived: boolean;
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

/** A thread as the side panel reads it: its root and a page of replies, oldest first. */
export interface ThreadPageDto {
  root: MessageDto;
  replies: MessageDto[];
  /** More replies before the first (paging back) or after the last (paging forward) of this page. */
  hasMore: boolean;
}

/** A thread the receiver follows, for the Threads view. */
export interface FollowedThreadDto {
  root: MessageDto;
  spaceId: string;
  spaceName: string;
  /** Others' replies after the follower's last read reply. */
  unreadCount: number;
  lastReadSeq: number;
}

export interface ThreadListDto {
  threads: FollowedThreadDto[];
  /** Pass as `before` for the next page (older threads); null at the end. */
  nextBefore: string | null;
  /** Threads with unread replies, in all. */
  unreadThreads: number;
}

/** A message that mentions the caller, for the Mentions view. */
export interface MentionDto {
  message: MessageDto;
  spaceName: string;
  spaceKind: SpaceKind;
}

export interface MentionPageDto {
  mentions: MentionDto[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export interface NotifyLevelDto {
  spaceId: string;
  notifyLevel: NotifyLevel;
}
