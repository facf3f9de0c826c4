// Applying message:updated states (edits, deletions) to a loaded timeline. Updates can arrive
// twice or out of order (a live event and the reconnect catch-up), so a state replaces the held
// one only when it is not older: a deletion is final, and a later edit wins over an earlier one.
import type { MessageDto } from "../realtime/dto";

function isNewer(incoming: MessageDto, held: MessageDto): boolean {
  if (held.deletedAt) return false;
  if (incoming.deletedAt) return true;
  return (incoming.editedAt ?? "") >= (held.editedAt ?? "");
}

/** The timeline with `updates` applied: changed messages replaced, and replies' quotes of them brought up to date. */
export function applyMessageUpdates(messages: MessageDto[], updates: MessageDto[]): MessageDto[] {
  if (updates.length === 0) return messages;
  const byId = new Map(updates.map((u) => [u.id, u]));
  let changed = false;
  const next = messages.map((m) => {
    let out = m;
    const u = byId.get(m.id);
    if (u && isNewer(u, m)) out = u;
    const q = out.replyTo && byId.get(out.replyTo.id);
    if (q && out.replyTo) {
      const quote = q.deletedAt ? { ...out.replyTo, text: "", deleted: true } : { ...out.replyTo, text: q.text.slice(0, 200) };
      if (quote.text !== out.replyTo.text || quote.deleted !== out.replyTo.deleted) out = { ...out, replyTo: quote };
    }
    if (out !== m) changed = true;
    return out;
  });
  return changed ? next : messages;
}

/** The last message of mine in a timeline that I may still edit (not deleted, not a system line), for the Up arrow. */
export function lastEditable(messages: MessageDto[], meId: string): MessageDto | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.sender.id === meId && !m.deletedAt && m.kind !== "system") return m;
  }
  return null;
}
