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
  };
}
