// Reaction rows → the wire shape: one entry per emoji, in the order each emoji was first
// used (chips do not jump around as counts change), each listing who reacted, oldest first.
import type { ReactionDto } from "@/lib/realtime/dto";

/** What a message's reactions are loaded with, oldest first (the order groupReactions keeps). */
export const reactionSelect = { select: { emoji: true, entityId: true, createdAt: true }, orderBy: { createdAt: "asc" } } as const;

export interface ReactionRow {
  emoji: string;
  entityId: string;
}

export function groupReactions(rows: readonly ReactionRow[]): ReactionDto[] {
  const byEmoji = new Map<string, string[]>();
  for (const r of rows) {
    const who = byEmoji.get(r.emoji);
    if (who) who.push(r.entityId);
    else byEmoji.set(r.emoji, [r.entityId]);
  }
  return [...byEmoji].map(([emoji, entityIds]) => ({ emoji, count: entityIds.length, entityIds }));
}
