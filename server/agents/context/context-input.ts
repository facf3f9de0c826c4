// Everything the context builder needs, as plain data. load-context.ts fills it from the
// database; build-context.ts turns it into text without any I/O, so it is pure and fast
// and snapshot tests can feed it directly.
import type { WaitResult } from "../runs/waits";
import type { TokenCounting } from "./token-count";
import type { EarlierDigest } from "./earlier-digest";
import type { ReplyMode } from "@/lib/agents/reply-modes";
import type { AddressHow } from "../triggers/addressing/addressees";

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
  /** A channel's own line ("Ada added Planner"): history, never a request. Absent means a message someone wrote. */
  system?: boolean;
  /** Why an agent sent it, when it was sent because of something elsewhere. */
  origin: MessageOrigin | null;
  /** Asked with wait: true and the asking run still waits for it (load-wait-marks.ts). */
  waitOpen?: boolean;
  /** Agents whose waiting run this message answered (it resumed them). */
  answeredWaitOf?: EntityRef[];
  /** A reply in a thread: its root's id (shown in the space's history with where it belongs). */
  threadRootId?: string;
  /** Emoji reactions, oldest emoji first, each with who reacted (oldest first). Absent: none. */
  reactions?: { emoji: string; by: { id: string; name: string }[] }[];
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

/** Unread messages told about as a digest rather than shown: seqs fromSeq..throughSeq. */
export type UnreadDigest = EarlierDigest & { fromSeq: number };

export interface SpaceHistory {
  space: { id: string; name: string };
  messages: HistoryMessage[];
  /** The agent's cursor: messages with a greater seq are [NEW]. */
  lastProcessedSeq: number;
  /** Every seq from here to the newest shown message was shown or is deleted: the range a cursor may cross. */
  shownFromSeq: number;
  /** Unread messages older than the window, not shown. */
  unshownUnread: number;
  /** Their digest (load-unread.ts): shown instead of them, so they count as seen. */
  unread?: UnreadDigest | null;
  /** Messages whose run of this agent was canceled (and not handled since), by id: that run and why. */
  canceled?: Record<string, { runId: string; reason: string }>;
  /** Messages another live run of the agent owns (its trigger or folded into it), by id: their run's id. */
  handledElsewhere?: Record<string, string>;
  /** When the agent joined the space: messages from before then are earlier history, not requests to it. */
  joinedAt?: string;
  /** The window was extended back to this seq with [SEEN] messages, to the anchor (load-anchored-history.ts). */
  extendedFromSeq?: number;
  /** Seq ranges of this space already shown earlier in the same run (Run.seenCursors): [SEEN], not [NEW] again. */
  seenThisRun?: [number, number][];
}

export type TriggerInput =
  | {
      type: "space_message";
      space: { id: string; name: string };
      sender: EntityRef;
      message: { id: string; text: string; createdAt: string };
      senderExpectsReply: boolean;
      /** Who the message is addressed to (triggers/addressing/addressees.ts); empty: nobody. Absent in older fixtures: not shown. */
      addressedTo?: AddressedTo[];
      chainDepth: number;
      /** Later messages folded into this run while it was queued (load-folded.ts): part of what it answers. */
      folded?: FoldedMessage[];
    }
  | {
      type: "plan";
      plan: { id: string; name: string; instruction: string; schedule: string };
      scheduledAt: string;
      chainDepth: number;
    }
  | {
      type: "service";
      serviceName: string;
      payload: unknown;
      chainDepth: number;
      /** The payload shown is cut (bound-trigger.ts, the budget): TRIGGER names read_payload. */
      payloadClipped?: boolean;
    };

export interface AddressedTo {
  entity: EntityRef;
  how: AddressHow;
}

export interface FoldedMessage {
  id: string;
  sender: EntityRef;
  text: string;
  expectsReply: boolean;
}

/** One tool call of a run, as THIS RUN SO FAR and FAILED RUNS show it (load-this-run.ts). */
export interface RunAction {
  tool: string;
  /** The input as one clipped JSON line; null when withheld. */
  input: string | null;
  /** A short summary of what the tool returned. */
  result: string;
}

/** A message a run posted. Text and space are null when the space is outside the reading run's reach. */
export interface SentMessage {
  messageId: string;
  space: { id: string; name: string } | null;
  text: string | null;
  wait: boolean;
}

/** What this run already did in earlier model calls (before a wait, or an attempt that died). */
export interface ThisRun {
  /** Model calls this run made before this one. */
  previousCalls: number;
  /** The previous call ended without finishing or waiting: its process died or was restarted. */
  interrupted: boolean;
  actions: RunAction[];
  /** Tool calls not shown (only the latest are). */
  omittedActions: number;
  sent: SentMessage[];
  /** The model's last private text in an earlier call, clipped; null when none or withheld. */
  lastText: string | null;
  /** The run has since been narrowed to fewer spaces than it saw: inputs and private text are withheld. */
  withheld: boolean;
}

/** A failed run of this agent that no later run triggered in its space has completed since. */
export interface FailedRun {
  runId: string;
  endedAt: string;
  trigger: {
    type: "space_message" | "plan" | "service";
    space: { id: string; name: string } | null;
    sender: EntityRef | null;
    messageId: string | null;
    text: string | null;
  };
  error: string;
  partialOutput: string | null;
  actions: RunAction[];
  sent: SentMessage[];
}

/** One admin change to this agent, as ADMIN CHANGES shows it (load-admin-changes.ts decides what it may show). */
export interface AdminChange {
  at: string;
  actorName: string;
  action: string;
  /** What was changed (`memory "tone"`); null when withheld. */
  subject: string | null;
  /** The changed fields before and after; null for a creation / deletion, or when the values are withheld. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The values exist but are not shown (keys, model endpoints). */
  valuesHidden: boolean;
  /** A memory, goal or plan deleted by this change ("this") or by a later one ("since"): its
   *  words are never shown again, only that it is gone and who changed it. */
  deleted?: "this" | "since";
}

/** What admins changed about this agent since its previous run started, newest first. */
export interface AdminChanges {
  since: string;
  /** The agent's first run: `since` is when it was created. */
  firstRun?: boolean;
  /** `since` is before the previous run started: changes earlier runs could not see are included. */
  catchUp?: boolean;
  shown: AdminChange[];
  /** Changes this run may see beyond the MAX_ADMIN_CHANGES_SHOWN newest. */
  more: number;
  /** Changes to memories, goals or plans made from spaces outside this run's reach: counted, never shown. */
  outsideReach: number;
}

export interface ContextInput {
  now: string;
  agent: { id: string; entityId: string; name: string; persona: string; instructions: string; topics?: readonly string[] };
  runId: string;
  /** Spaces this run may see. Everything below is already limited to them; lines use it to avoid naming others. */
  reach: readonly string[];
  trigger: TriggerInput;
  /** Present when this model call resumes the run after a wait. */
  resume: {
    result: WaitResult;
    replyMessageId: string | null;
    afterSeq: number;
    /** The question the run asked before pausing (load-resume.ts); null when it was never posted. */
    question?: { messageId: string; text: string; space: { id: string; name: string } } | null;
    /** When the wait began. */
    since?: string;
    /**
     * Resumed with another space active: what arrived in the trigger space during the wait
     * (newest RESUME_ELSEWHERE_LINES; `more` older ones not shown), so the run sees both places.
     */
    elsewhere?: { space: { id: string; name: string }; messages: HistoryMessage[]; more: number; lastProcessedSeq: number } | null;
  } | null;
  activeSpace: { id: string; name: string; auto: boolean } | null;
  history: SpaceHistory | null;
  /** The thread the run was triggered in (load-thread.ts): shown whole, with the channel's recent lines as background. */
  thread?: ThreadContext | null;
  /** replyMode: which of the space's messages wake this agent there. */
  spaces: { id: string; name: string; kind: "channel" | "direct"; members: EntityRef[]; replyMode?: ReplyMode }[];
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
    /** The message a space_message run is handling (its trigger). */
    triggerMessageId?: string | null;
    senderName: string | null;
    spaceName: string | null;
    waitingIn: string | null;
    /** What a waiting run asked, in a space of this run's reach. */
    question?: { messageId: string; text: string } | null;
  }[];
  /** Unresolved failed runs, newest first, at most MAX_FAILED_RUNS_SHOWN (load-failures.ts). */
  failures: FailedRun[];
  /** Unresolved failed runs beyond those shown. */
  moreFailures: number;
  /** Edits of seen messages and removals of the agent's own, in the active space since its previous run there (load-message-changes.ts). */
  messageChanges?: MessageChangeLine[] | null;
  /** Admin changes since the agent's previous run started (load-admin-changes.ts); null or absent when none. */
  adminChanges?: AdminChanges | null;
  /** Earlier model calls of this run (load-this-run.ts); null on its first call. */
  thisRun: ThisRun | null;
  /** Whole-context budget in tokens. */
  maxTokens: number;
  /** How the model's tokens are counted; an estimate when absent. */
  counting?: TokenCounting;
  /** The cached digest of the active space's messages left out of earlier contexts (EARLIER IN THIS SPACE). */
  earlier?: EarlierDigest | null;
}

/** One edit or removal told to the agent (load-message-changes.ts). */
export interface MessageChangeLine {
  kind: "edited" | "removed";
  messageId: string;
  /** When it was edited or removed, and when the message was sent. */
  at: string;
  sentAt: string;
  byName: string;
  before?: string;
  after?: string;
}

/** A thread as a run sees it: the root, its newest replies (older ones counted) and the channel's recent lines as background. */
export interface ThreadContext {
  space: { id: string; name: string };
  root: HistoryMessage;
  replies: HistoryMessage[];
  /** Replies older than those shown. */
  olderReplies: number;
  /** The agent's cursor in the space: replies after it are [NEW]. */
  lastProcessedSeq: number;
  /** The channel's newest top-level lines (and replies also sent to it), oldest first: background, not requests. */
  background: HistoryMessage[];
}
