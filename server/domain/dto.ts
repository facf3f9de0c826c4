// Database rows → wire DTOs (lib/realtime/dto.ts). The include shapes live next to the
// mappers so a query and its mapper cannot drift apart.
import type { EntityDto, MessageDto } from "@/lib/realtime/dto";
import { groupReactions, reactionSelect, type ReactionRow } from "./reactions/group-reactions";
import { type QuestionRow, questionSelect, toQuestionDto } from "./questions/question-dto";

export const entitySelect = { id: true, name: true, type: true, avatarColor: true } as const;
/** Senders and members also say whether their person was deactivated (their name then carries "(deactivated)"). */
const deactivatedSelect = { user: { select: { deactivatedAt: true } } } as const;
/** Members also carry their agent's provider and state, so the UI can label offline, disabled and deleted agents. */
export const memberEntitySelect = {
  ...entitySelect,
  ...deactivatedSelect,
  agent: { select: { id: true, provider: true, enabled: true, archivedAt: true, modelSettings: true } },
} as const;

export const messageInclude = {
  sender: { select: { ...entitySelect, ...deactivatedSelect } },
  replyTo: { select: { id: true, seq: true, text: true, deletedAt: true, sender: { select: { name: true } } } },
  // Loaded by Prisma in one query for a whole page of messages (WHERE "messageId" IN …), not one per message.
  reactions: reactionSelect,
  question: { select: questionSelect },
  // An answer the requester regenerated stays, marked: its run has a regeneration.
  run: { select: { regeneratedBy: { select: { id: true } } } },
} as const;

interface EntityRow {
  id: string;
  name: string;
  type: "human" | "agent";
  avatarColor: string | null;
  /** Present when the query selected it (senders, members). */
  user?: { deactivatedAt: Date | null } | null;
}

/** Marks a deactivated person in the chat: their messages stay, under their name and this suffix. */
export const DEACTIVATED_SUFFIX = " (deactivated)";

export const toEntityDto = (e: EntityRow): EntityDto => ({
  id: e.id,
  name: e.user?.deactivatedAt ? `${e.name}${DEACTIVATED_SUFFIX}` : e.name,
  type: e.type,
  avatarColor: e.avatarColor,
});

/** Quotes are cut here so a reply to a long message stays small on the wire. */
const QUOTE_LENGTH = 200;

export interface MessageRow {
  id: string;
  seq: number;
  spaceId: string;
  text: string;
  replyToMessageId: string | null;
  clientMessageId: string | null;
  runId: string | null;
  origin: unknown;
  chainDepth: number;
  chainStopLimit: number | null;
  /** Absent or "text" for what someone wrote; "system" for a line the server wrote (spaces/membership-line.ts). */
  kind?: "text" | "system";
  createdAt: Date;
  editedAt?: Date | null;
  deletedAt?: Date | null;
  sender: EntityRow;
  replyTo: { id: string; seq: number; text: string; deletedAt?: Date | null; sender: { name: string } } | null;
  /** Threads: absent on rows read before threads existed in a query's select (treated as none). */
  threadRootId?: string | null;
  alsoInChannel?: boolean;
  threadReplyCount?: number;
  threadLastReplyAt?: Date | null;
  threadParticipantIds?: string[] | null;
  /** Absent on a message just stored (it has none yet). */
  reactions?: ReactionRow[];
  question?: QuestionRow | null;
  run?: { regeneratedBy: { id: string } | null } | null;
}

export const toMessageDto = (m: MessageRow): MessageDto => ({
  id: m.id,
  seq: m.seq,
  spaceId: m.spaceId,
  sender: toEntityDto(m.sender),
  // A deleted message's text is blanked where it is stored; "" here too, whatever a row says.
  text: m.deletedAt ? "" : m.text,
  replyToMessageId: m.replyToMessageId,
  replyTo: m.replyTo ? quoteOf(m.replyTo) : null,
  clientMessageId: m.clientMessageId,
  runId: m.runId,
  origin: publicOrigin(m.origin),
  chainDepth: m.chainDepth,
  chainStopLimit: m.chainStopLimit,
  ...(m.kind === "system" && { kind: "system" as const }),
  createdAt: m.createdAt.toISOString(),
  editedAt: m.editedAt?.toISOString() ?? null,
  deletedAt: m.deletedAt?.toISOString() ?? null,
  ...threadFields(m),
  reactions: groupReactions(m.reactions ?? []),
  question: m.question && !m.deletedAt ? toQuestionDto(m.question) : null,
  ...(m.run?.regeneratedBy && { regenerated: true }),
});

/** A reply's quote; a deleted quoted message is quoted as deleted, without its text (which no message can be: sends refuse empty text). */
function quoteOf(q: NonNullable<MessageRow["replyTo"]>): NonNullable<MessageDto["replyTo"]> {
  const deleted = Boolean(q.deletedAt) || q.text === "";
  return { id: q.id, seq: q.seq, senderName: q.sender.name, text: deleted ? "" : q.text.slice(0, QUOTE_LENGTH), ...(deleted && { deleted: true }) };
}

function threadFields(m: MessageRow): Pick<MessageDto, "threadRootId" | "thread" | "alsoInChannel"> {
  const thread = m.threadReplyCount
    ? { replyCount: m.threadReplyCount, lastReplyAt: m.threadLastReplyAt?.toISOString() ?? null, participantIds: m.threadParticipantIds ?? [] }
    : null;
  return { threadRootId: m.threadRootId ?? null, thread, ...(m.alsoInChannel && { alsoInChannel: true }) };
}

/**
 * Clients learn why an agent wrote (trigger type, whether it waits for an answer), never
 * the words of the message that caused it: that may come from a direct space they cannot read.
 */
function publicOrigin(origin: unknown): Record<string, unknown> | null {
  if (!origin || typeof origin !== "object") return null;
  const o = origin as { triggerType?: unknown; expectsReply?: unknown };
  return { triggerType: o.triggerType ?? null, expectsReply: o.expectsReply === true };
}
