// Mentions of me after a read cursor among the loaded messages (as countUnread counts unread):
// what is left of a space's mention badge once I have read up to the cursor.
import type { MessageDto } from "@/lib/realtime/dto";
import { entityToken } from "@/lib/mentions/format";

export function mentionsOf(messages: MessageDto[], afterSeq: number, meId: string): number {
  const token = entityToken(meId);
  return messages.filter((m) => m.seq > afterSeq && m.sender.id !== meId && m.text.includes(token)).length;
}
