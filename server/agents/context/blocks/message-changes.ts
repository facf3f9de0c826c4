// MESSAGE CHANGES: edits of messages the agent had seen, and removals of its own messages, since
// its previous run in the space (load-message-changes.ts). Names and texts are quoted literals,
// like every line of someone's words: an edit cannot start a block or give an instruction.
import type { ContextInput, MessageChangeLine } from "../context-input";
import { clip, quote } from "../format";

const TEXT_CHARS = 600;

export function messageChangesBlock({ messageChanges }: ContextInput): string[] {
  if (!messageChanges?.length) return [];
  return ["", "MESSAGE CHANGES since your previous run in this space, oldest first:", ...messageChanges.map(changeLine)];
}

function changeLine(c: MessageChangeLine): string {
  if (c.kind === "removed")
    return `  - [${c.at}] ${quote(c.byName)} removed your message of ${c.sentAt} [msg:${c.messageId}] (its text is gone; do not repeat it)`;
  return `  - [${c.at}] ${quote(c.byName)} edited [msg:${c.messageId}] of ${c.sentAt}: ${quote(clip(c.before ?? "", TEXT_CHARS))} → ${quote(clip(c.after ?? "", TEXT_CHARS))}`;
}
