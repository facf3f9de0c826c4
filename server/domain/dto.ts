// Database rows → wire DTOs (lib/realtime/dto.ts). The include shapes live next to the
// mappers so a query and its mapper cannot drift apart.
import type { EntityDto, MessageDto } from "@/lib/realtime/dto";

export const entitySelect = { id: true, name: true, type: true, avatarColor: true } as const;
/** Members also carry their agent's provider and state, so the UI can label offline, disabled and deleted agents. */
export const memberEntitySelect = {
  ...entitySelect,
  agent: { select: { id: true, provider: true, enabled: true, archivedAt: true, modelSettings: true } },
} as const;

export const messageInclude = {
  sender: { select: entitySelect },
  replyTo: { select: { id: true, seq: true, text: true, sender: { select: { name: true } } } },
} as const;

interface EntityRow {
  id: string;
  name: string;
  type: "human" | "agent";
  avatarColor: string | null;
}

export const toEntityDto = (e: EntityRow): EntityDto => ({
  id: e.id,
  name: e.name,
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
  sender: EntityRow;
  replyTo: { id: string; seq: number; text: string; sender: { name: string } } | null;
}

export const toMessageDto = (m: MessageRow): MessageDto => ({
  id: m.id,
  seq: m.seq,
  spaceId: m.spaceId,
  sender: toEntityDto(m.sender),
  text: m.text,
  replyToMessageId: m.replyToMessageId,
  replyTo: m.replyTo ? { id: m.replyTo.id, seq: m.replyTo.seq, senderName: m.replyTo.sender.name, text: m.replyTo.text.slice(0, QUOTE_LENGTH) } : null,
  clientMessageId: m.clientMessageId,
  runId: m.runId,
  origin: publicOrigin(m.origin),
  chainDepth: m.chainDepth,
  chainStopLimit: m.chainStopLimit,
  ...(m.kind === "system" && { kind: "system" as const }),
  createdAt: m.createdAt.toISOString(),
});

/**
 * Clients learn why an agent wrote (trigger type, whether it waits for an answer), never
 * the words of the message that caused it: that may come from a direct space they cannot read.
 */
function publicOrigin(origin: unknown): Record<string, unknown> | null {
  if (!origin || typeof origin !== "object") return null;
  const o = origin as { triggerType?: unknown; expectsReply?: unknown };
  return { triggerType: o.triggerType ?? null, expectsReply: o.expectsReply === true };
}
