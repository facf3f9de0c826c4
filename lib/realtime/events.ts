// The one event contract between browser and server. Event names live only here; every
// client payload has a zod schema that the server parses before doing anything.
import { z } from "zod";
import { MAX_MESSAGE_LENGTH, MAX_PAGE_SIZE, MAX_REPLAY_BATCH, MAX_SPACE_NAME_LENGTH } from "../limits";
import { MAX_SEARCH_PAGE_SIZE, MAX_SEARCH_QUERY_LENGTH } from "../limits";
import type { SearchPageDto } from "../search/search-result";
import type { EntityDto, MemberDto, MessageDto, ReadCursorDto, RunDto, RunEventDto, RunStreamDto, SpaceDto, UnansweredDto } from "./dto";

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

export const markReadInput = z.object({ spaceId: id, lastMessageId: id });
export const typingInput = z.object({ spaceId: id, typing: z.boolean() });
export const spaceIdInput = z.object({ spaceId: id });

const spaceName = z
  .string()
  .trim()
  .min(1, "Name is required")
  .refine(...withinLength(MAX_SPACE_NAME_LENGTH, "Name"));

export const createChannelInput = z.object({
  name: spaceName,
  topic: z.string().max(250).optional(),
  memberIds: z.array(id).max(500).default([]),
});
export const openDirectInput = z.object({ entityId: id });
export const addMembersInput = z.object({ spaceId: id, entityIds: z.array(id).min(1).max(500) });
export const removeMemberInput = z.object({ spaceId: id, entityId: id });
export const renameSpaceInput = z.object({ spaceId: id, name: spaceName, topic: z.string().max(250).optional() });

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
  "entities:list": (p: Record<string, never>, ack: AckFn<{ entities: EntityDto[] }>) => void;
  "search:query": (p: z.input<typeof searchInput>, ack: AckFn<SearchPageDto>) => void;
  "messages:around": (p: z.input<typeof aroundInput>, ack: AckFn<{ messages: MessageDto[]; hasMoreBefore: boolean; hasMoreAfter: boolean }>) => void;
}

export interface ServerToClientEvents {
  "session:ready": (p: { protocol: number; entityId: string; online: string[] }) => void;
  "message:new": (p: { message: MessageDto }) => void;
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
  /** Agents were refused this message at the space's chain depth limit: the chain stopped here (to the space). */
  "message:chain_stopped": (p: { spaceId: string; messageId: string; limit: number }) => void;
  /**
   * The agents of a message's space decided what to do about it (trigger decisions are written;
   * a refusal makes no run, so nothing else would say so): open chain trees fetch again. To the
   * space's members and to admins; ids only.
   */
  "chain:decided": (p: { spaceId: string; messageId: string }) => void;
  /** A run's timeline grew (admins only). */
  "run:event": (p: { event: RunEventDto }) => void;
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
