// The TRIGGER block's folded messages: later messages of the trigger space that joined this
// run while it was queued instead of starting runs of their own. The run answers them too.
import type { ContextInput } from "../context-input";
import { clip, entityRef, quote } from "../format";

const TEXT_CHARS = 300;

export function foldedLines({ trigger: t }: ContextInput): string[] {
  if (t.type !== "space_message" || !t.folded?.length) return [];
  return [
    "  folded (later messages that joined this run; answer them too):",
    ...t.folded.map(
      (m) => `    - [msg:${m.id}] ${entityRef(m.sender)}: ${quote(clip(m.text, TEXT_CHARS))}${m.expectsReply ? "  [senderExpectsReply: true]" : ""}`,
    ),
  ];
}
