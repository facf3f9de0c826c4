// Who may delete a message (a plain predicate on a message already loaded with its membership):
// - its author;
// - the space's owner (membership role "owner") and workspace admins, in spaces they are members of;
// - a requester retracting an agent's reply to them: an agent's message that quotes the
//   requester's message (replyToMessageId), or that a run triggered by the requester's message
//   wrote (the run's trigger sender). The agent's next run in the space is told it was removed.
import type { Actor } from "../deps";
import type { MessageToChange } from "./message-to-change";

export type DeleteRight = "author" | "owner" | "admin" | "requester";

export function deleteRight(actor: Actor, { message, membership }: MessageToChange): DeleteRight | null {
  if (message.senderId === actor.entityId) return "author";
  if (membership.role === "owner") return "owner";
  if (actor.isAdmin === true) return "admin";
  if (message.sender.type === "agent") {
    if (message.replyTo?.senderId === actor.entityId) return "requester";
    if (message.run?.triggerEntityId === actor.entityId) return "requester";
  }
  return null;
}
