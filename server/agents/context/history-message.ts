// A stored message as a line of SPACE HISTORY: the fields the context shows, one mapping for
// every loader (the window, and the [SEEN] lines it is extended back with).
import type { EntityRef, HistoryMessage, MessageOrigin } from "./context-input";

export interface HistoryRow {
  id: string;
  seq: number;
  createdAt: Date;
  sender: EntityRef;
  text: string;
  replyToMessageId: string | null;
  kind: string;
  origin: unknown;
  threadRootId?: string | null;
  /** Loaded with historyReactions; absent where the loader does not ask for them. */
  reactions?: { emoji: string; entityId: string; entity: { name: string } }[];
}

/** The reactions a history line shows, as a Prisma relation query (one query for a whole page, not one per message). */
export const historyReactions = { select: { emoji: true, entityId: true, entity: { select: { name: true } } }, orderBy: { createdAt: "asc" } } as const;

function groupedReactions(rows: NonNullable<HistoryRow["reactions"]>): HistoryMessage["reactions"] {
  if (!rows.length) return undefined;
  const byEmoji = new Map<string, { id: string; name: string }[]>();
  for (const r of rows) byEmoji.set(r.emoji, [...(byEmoji.get(r.emoji) ?? []), { id: r.entityId, name: r.entity.name }]);
  return [...byEmoji].map(([emoji, by]) => ({ emoji, by }));
}

export function toHistoryMessage(r: HistoryRow): HistoryMessage {
  return {
    id: r.id,
    seq: r.seq,
    createdAt: r.createdAt.toISOString(),
    sender: r.sender,
    text: r.text,
    replyToMessageId: r.replyToMessageId,
    ...(r.kind === "system" ? { system: true } : {}),
    origin: (r.origin as MessageOrigin | null) ?? null,
    ...(r.threadRootId ? { threadRootId: r.threadRootId } : {}),
    ...(r.reactions?.length ? { reactions: groupedReactions(r.reactions) } : {}),
  };
}
