// The one event contract between browser and server. Event names live only here; every
// client payload has a zod schema that the server parses before doing anything.
import { z } from "zod";
import {
  MAX_CHANNEL_SEARCH_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_EMOJI_LENGTH,
  MAX_GROUP_DM_MEMBERS,
  MAX_MESSAGE_LENGTH,
  MAX_PAGE_SIZE,
  MAX_QUESTION_OPTION_LENGTH,
  MAX_REPLAY_BATCH,
  MAX_SEARCH_PAGE_SIZE,
  MAX_SEARCH_QUERY_LENGTH,
  MAX_SPACE_NAME_LENGTH,
  MAX_THREAD_PAGE,
  MAX_TOPIC_LENGTH,
} from "../limits";
import type { ChannelSummaryDto, EntityDto, MemberDto, MessageDto, ReadCursorDto, RunDto, RunEventDto, RunStreamDto, SpaceDto, UnansweredDto } from "./dto";
import type { ThreadListDto, ThreadPageDto, ThreadSummaryDto } from "./dto";
import type { ReactionDto } from "./dto";
import type { QuestionDto } from "../questions/question";
import type { RunStepsDto } from "../runs/run-steps";
import { MAX_MENTIONS_PAGE_SIZE } from "../limits";
import { NOTIFY_LEVELS } from "../mentions/notify-levels";
import type { MentionPageDto, NotifyLevelDto } from "./dto";
import type { FailureNoteDto } from "../agents/failure-notes";
import type { SearchPageDto } from "../search/search-result";

export const PROTOCOL_VERSION = 2;

const id = z.string().min(1).max(64);

/** The error code a breach of `withinLength` is answered with: too much was sent, not malformed input. */
export const TOO_LARGE = "payload_too_large";

/**
 * A length limit on user-written text, as refine arguments. Its issue carries
 * `params.code = TOO_LARGE`, which the server's ack reads; other limits (ids, topic) stay
 * bad_request, since only overlong text a person typed is "too large" rather than malformed.
 */
const withinLength = (max: number, what: string) =>
  [(t: string) => t.length <= max, { message: `${what} is longer than ${max} characters`, params: { code: TOO_LARGE } }] as const;

export const sendMessageInput = z.object({
  spaceId: id,
  text: z
    .string()
    .refine((t) => t.trim().length > 0, "Message is empty")
    .refine(...withinLength(MAX_MESSAGE_LENGTH, "Message")),
  clientMessageId: z.string().min(1).max(100).optional(),
  replyToMessageId: id.optional(),
  threadRootId: id.optional(),
  alsoInChannel: z.boolean().optional(),
});

export const editMessageInput = z.object({
  messageId: id,
  text: z
    .string()
    .refine((t) => t.trim().length > 0, "Message is empty")
    .refine(...withinLength(MAX_MESSAGE_LENGTH, "Message")),
});
export const deleteMessageInput = z.object({ messageId: id });
/** Reconnect: the messages of a seq range that were edited or deleted (the client re-reads its loaded range). */
/** Seqs are 32-bit integer columns: a larger one is malformed input, not a database error. */
const MAX_SEQ = 2 ** 31 - 1;
export const changedInput = z.object({
  spaceId: id,
  fromSeq: z.number().int().min(0).max(MAX_SEQ),
  toSeq: z.number().int().min(0).max(MAX_SEQ),
});

export const historyInput = z.object({
  spaceId: id,
  beforeSeq: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});

export const sinceInput = z.object({
  spaceId: id,
  afterSeq: z.number().int().min(0),
  limit: z.number().int().min(1).max(MAX_REPLAY_BATCH).optional(),
});

export const threadGetInput = z
  .object({
    rootId: id,
    afterSeq: z.number().int().min(0).max(MAX_SEQ).optional(),
    beforeSeq: z.number().int().positive().max(MAX_SEQ).optional(),
    limit: z.number().int().min(1).max(MAX_THREAD_PAGE).optional(),
  })
  .refine((p) => p.afterSeq === undefined || p.beforeSeq === undefined, "Give afterSeq or beforeSeq, not both");
export const threadReadInput = z.object({ rootId: id, seq: z.number().int().min(0).max(MAX_SEQ) });
export const threadsListInput = z.object({ before: z.string().datetime().optional() });

export const markReadInput = z.object({ spaceId: id, lastMessageId: id });
export const typingInput = z.object({ spaceId: id, typing: z.boolean() });
export const spaceIdInput = z.object({ spaceId: id });

const spaceName = z
  .string()
  .trim()
  .min(1, "Name is required")
  .refine(...withinLength(MAX_SPACE_NAME_LENGTH, "Name"));

export const spaceVisibility = z.enum(["public", "private"]);
const topic = z.string().max(MAX_TOPIC_LENGTH);
const description = z.string().refine(...withinLength(MAX_DESCRIPTION_LENGTH, "Description"));

export const createChannelInput = z.object({
  name: spaceName,
  topic: topic.optional(),
  description: description.optional(),
  /** Private unless asked: only members know a private channel exists. */
  visibility: spaceVisibility.default("private"),
  memberIds: z.array(id).max(500).default([]),
});
export const openDirectInput = z.object({ entityId: id });
/** The others in a group direct message (the caller is the last member); one other opens the plain direct space. */
export const openGroupInput = z.object({
  entityIds: z
    .array(id)
    .min(1)
    .max(MAX_GROUP_DM_MEMBERS - 1),
});
export const addMembersInput = z.object({ spaceId: id, entityIds: z.array(id).min(1).max(500) });
export const removeMemberInput = z.object({ spaceId: id, entityId: id });
/** Adding or removing one's own reaction; whether `emoji` is a known emoji is the domain's check (reactions/reaction-emoji.ts). */
export const reactionInput = z.object({
  messageId: id,
  emoji: z
    .string()
    .min(1, "Emoji is required")
    .refine(...withinLength(MAX_EMOJI_LENGTH, "Emoji")),
});
export const renameSpaceInput = z.object({ spaceId: id, name: spaceName, topic: topic.optional() });
/** Channel settings: at least one field; `archived` archives (read-only) or unarchives. */
export const updateSpaceFields = z
  .object({ name: spaceName, topic, description, visibility: spaceVisibility, archived: z.boolean() })
  .partial()
  .strict()
  .refine((f) => Object.keys(f).length > 0, "Say what to change");
export const updateSpaceInput = z
  .object({ spaceId: id, name: spaceName, topic, description, visibility: spaceVisibility, archived: z.boolean() })
  .partial()
  .required({ spaceId: true })
  .strict()
  .refine((f) => Object.keys(f).length > 1, "Say what to change");
export const archiveSpaceInput = z.object({ spaceId: id, archived: z.boolean() });
export const browseChannelsInput = z.object({ query: z.string().max(MAX_CHANNEL_SEARCH_LENGTH).optional() });

/** A button under an agent's question: the option pressed (server-checked against the question's options). */
export const answerQuestionInput = z.object({ messageId: id, option: z.string().min(1).max(MAX_QUESTION_OPTION_LENGTH) }).strict();
/** Steering an agent from the chat: stop a run; regenerate or list the steps behind an agent's message. */
export const runIdInput = z.object({ runId: id }).strict();
export const messageIdInput = z.object({ messageId: id }).strict();
/** A page of the Mentions view: `before` is the previous page's nextCursor (opaque). */
export const mentionsListInput = z.object({
  before: z.string().min(1).max(200).optional(),
  limit: z.number().int().min(1).max(MAX_MENTIONS_PAGE_SIZE).optional(),
});
export const notifyLevelInput = z.object({ spaceId: id, level: z.enum(NOTIFY_LEVELS) });

/** Search (lib/search/parse-search-query.ts): the box's text, and filters that override its operators. */
export const searchInput = z.object({
  q: z.string().refine(...withinLength(MAX_SEARCH_QUERY_LENGTH, "Search")),
  in: z.string().max(100).optional(),
  from: z.string().max(100).optional(),
  before: z.string().max(10).optional(),
  after: z.string().max(10).optional(),
  cursor: z.string().max(100).optional(),
  limit: z.number().int().min(1).max(MAX_SEARCH_PAGE_SIZE).optional(),
});
/** The messages around one (a search result opened in its space). */
export const aroundInput = z.object({
  spaceId: id,
  seq: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** `retryAfterS` comes with rate_limited: when the same request would be accepted. */
export type Ack<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string; retryAfterS?: number } };
type AckFn<T> = (ack: Ack<T>) => void;

export interface ClientToServerEvents {
  "message:send": (p: z.input<typeof sendMessageInput>, ack: AckFn<{ message: MessageDto }>) => void;
  "messages:history": (p: z.input<typeof historyInput>, ack: AckFn<{ messages: MessageDto[]; hasMore: boolean }>) => void;
  "messages:since": (p: z.input<typeof sinceInput>, ack: AckFn<{ messages: MessageDto[]; hasMore: boolean }>) => void;
  "read:mark": (p: z.input<typeof markReadInput>, ack: AckFn<ReadCursorDto>) => void;
  "typing:set": (p: z.input<typeof typingInput>, ack?: AckFn<null>) => void;
  "spaces:list": (p: Record<string, never>, ack: AckFn<{ spaces: SpaceDto[] }>) => void;
  "space:join": (p: z.input<typeof spaceIdInput>, ack: AckFn<{ space: SpaceDto }>) => void;
  "space:create": (p: z.input<typeof createChannelInput>, ack: AckFn<{ space: SpaceDto }>) => void;
  "space:direct": (p: z.input<typeof openDirectInput>, ack: AckFn<{ space: SpaceDto }>) => void;
  "space:addMembers": (p: z.input<typeof addMembersInput>, ack: AckFn<{ space: SpaceDto }>) => void;
  "space:removeMember": (p: z.input<typeof removeMemberInput>, ack: AckFn<{ space: SpaceDto }>) => void;
  "space:leave": (p: z.input<typeof spaceIdInput>, ack: AckFn<null>) => void;
  "space:rename": (p: z.input<typeof renameSpaceInput>, ack: AckFn<{ space: SpaceDto }>) => void;
  /** Channel settings (name, topic, description, visibility, archived); the channel's managers. */
  "space:update": (p: z.input<typeof updateSpaceInput>, ack: AckFn<{ space: SpaceDto }>) => void;
  /** Open the direct message of the caller and these others (up to MAX_GROUP_DM_MEMBERS in all); the same set reopens the same one. */
  "space:group": (p: z.input<typeof openGroupInput>, ack: AckFn<{ space: SpaceDto }>) => void;
  /** Archive (read-only, out of the sidebar) or unarchive a channel; the channel's managers. */
  "space:archive": (p: z.input<typeof archiveSpaceInput>, ack: AckFn<{ space: SpaceDto }>) => void;
  /** The channel browser's list: public channels, the caller's own, and archived ones they are in. */
  "channels:browse": (p: z.input<typeof browseChannelsInput>, ack: AckFn<{ channels: ChannelSummaryDto[] }>) => void;
  /** Become a member of a public channel (`space:join` only subscribes to a space one is already in). */
  "space:joinPublic": (p: z.input<typeof spaceIdInput>, ack: AckFn<{ space: SpaceDto }>) => void;
  "entities:list": (p: Record<string, never>, ack: AckFn<{ entities: EntityDto[] }>) => void;
  "message:edit": (p: z.input<typeof editMessageInput>, ack: AckFn<{ message: MessageDto }>) => void;
  "message:delete": (p: z.input<typeof deleteMessageInput>, ack: AckFn<{ message: MessageDto }>) => void;
  "messages:changed": (p: z.input<typeof changedInput>, ack: AckFn<{ messages: MessageDto[] }>) => void;
  /** A thread: its root and a page of replies in seq order (the newest page, or after/before a seq). */
  "thread:get": (p: z.input<typeof threadGetInput>, ack: AckFn<ThreadPageDto>) => void;
  /** The threads the receiver follows, newest reply first, with unread counts. */
  "threads:list": (p: z.input<typeof threadsListInput>, ack: AckFn<ThreadListDto>) => void;
  /** The receiver has read a thread up to this reply seq. */
  "thread:read": (p: z.input<typeof threadReadInput>, ack: AckFn<{ rootId: string; lastReadSeq: number }>) => void;
  "reaction:add": (p: z.input<typeof reactionInput>, ack: AckFn<{ reactions: ReactionDto[] }>) => void;
  "reaction:remove": (p: z.input<typeof reactionInput>, ack: AckFn<{ reactions: ReactionDto[] }>) => void;
  "question:answer": (p: z.input<typeof answerQuestionInput>, ack: AckFn<{ question: QuestionDto }>) => void;
  "run:stop": (p: z.input<typeof runIdInput>, ack: AckFn<{ stopped: boolean }>) => void;
  "run:regenerate": (p: z.input<typeof messageIdInput>, ack: AckFn<{ runId: string }>) => void;
  "run:steps": (p: z.input<typeof messageIdInput>, ack: AckFn<RunStepsDto>) => void;
  "mentions:list": (p: z.input<typeof mentionsListInput>, ack: AckFn<MentionPageDto>) => void;
  "space:notify": (p: z.input<typeof notifyLevelInput>, ack: AckFn<NotifyLevelDto>) => void;
  "search:query": (p: z.input<typeof searchInput>, ack: AckFn<SearchPageDto>) => void;
  "messages:around": (p: z.input<typeof aroundInput>, ack: AckFn<{ messages: MessageDto[]; hasMoreBefore: boolean; hasMoreAfter: boolean }>) => void;
}

export interface ServerToClientEvents {
  "session:ready": (p: { protocol: number; entityId: string; online: string[] }) => void;
  "message:new": (p: { message: MessageDto }) => void;
  /** A message changed (edited, deleted, …): its whole new state, to replace the one the client has. */
  "message:updated": (p: { message: MessageDto }) => void;
  "read:updated": (p: ReadCursorDto) => void;
  /** Batched: who came online and who went offline since the last batch (state at send time). */
  "presence:updated": (p: { online: string[]; offline: string[] }) => void;
  "typing:updated": (p: { spaceId: string; entity: EntityDto; typing: boolean }) => void;
  /** The space changed (members, name) or the receiver was added to it. */
  "space:updated": (p: { spaceId: string }) => void;
  /** The receiver is no longer a member. */
  "space:removed": (p: { spaceId: string }) => void;
  /** Someone added the receiver to a channel (space:updated with the space follows as usual). */
  "space:added": (p: { spaceId: string; spaceName: string; by: EntityDto }) => void;
  /** New members joined a space the receiver is in: merge them, no refetch needed. */
  "space:members": (p: { spaceId: string; added: MemberDto[] }) => void;
  /** A run changed status (to its space's members and to admins). */
  "run:updated": (p: { run: RunDto }) => void;
  /** An agent is writing a message: the text so far. Ends when the message:new with the same clientMessageId arrives, run:draft_withdrawn takes it back, or the run leaves `running`. */
  "run:stream": (p: RunStreamDto) => void;
  /** The send_message call behind a draft was refused: drop the draft, no message follows. */
  "run:draft_withdrawn": (p: { runId: string; spaceId: string; clientMessageId: string }) => void;
  /** The receiver's message woke no agent (each refused it or folded it into a queued run): why, per agent. Only to its sender. */
  "message:unanswered": (p: UnansweredDto) => void;
  /** An agent couldn't answer the receiver's message (its run failed, or it was refused for a reason only a fix lifts): a member-safe note. Only to the message's sender. */
  "run:failure_note": (p: FailureNoteDto) => void;
  /** Agents were refused this message at the space's chain depth limit: the chain stopped here (to the space). */
  "message:chain_stopped": (p: { spaceId: string; messageId: string; limit: number }) => void;
  /**
   * The agents of a message's space decided what to do about it (trigger decisions are written;
   * a refusal makes no run, so nothing else would say so): open chain trees fetch again. To the
   * space's members and to admins; ids only.
   */
  "chain:decided": (p: { spaceId: string; messageId: string }) => void;
  /** A message's reactions changed: all of them, as they are now (to the space). */
  "reaction:updated": (p: { spaceId: string; messageId: string; reactions: ReactionDto[] }) => void;
  /** A run's timeline grew (admins only). */
  "run:event": (p: { event: RunEventDto }) => void;
  /** A thread's root summary changed (a reply arrived: the reply itself comes as message:new with threadRootId). To the space. */
  "thread:updated": (p: { spaceId: string; rootId: string; thread: ThreadSummaryDto }) => void;
  /** An agent's question changed (posted, answered, timed out, canceled): to the space. */
  "question:updated": (p: { question: QuestionDto }) => void;
  /** An agent asked the receiver a question (to the asked entity's room), for badges and notifications. */
  "question:asked": (p: { question: QuestionDto; agentName: string; spaceName: string }) => void;
  /** An agent's message was regenerated: a new run answers the same trigger; the old answer stays, marked. To the space. */
  "message:regenerated": (p: { spaceId: string; messageId: string; runId: string }) => void;
  /** The receiver was mentioned in a message (to the mentioned entity only, after the space's message:new). */
  "mention:new": (p: { message: MessageDto }) => void;
  /** The receiver changed a space's notify level (to their own sockets, so other tabs follow). */
  "space:notify": (p: NotifyLevelDto) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Room names, in one place. */
export const rooms = {
  space: (spaceId: string) => `space:${spaceId}`,
  entity: (entityId: string) => `entity:${entityId}`,
  workspace: "workspace",
  /** Admins watch every run's timeline here. */
  admins: "admins",
  /** Sockets opened with one API token, or one signed-in session: revoking it disconnects them. */
  token: (tokenId: string) => `token:${tokenId}`,
  session: (sid: string) => `session:${sid}`,
} as const;
