// The message a reaction is for, when the actor may react to it: a member of its space, and
// the message not deleted. No such message and not a member answer the same, so a non-member
// learns nothing about which message ids exist.
import type { Db } from "../../db/client";
import { AppError } from "../errors";
import { requireMembership } from "../spaces/require-membership";

const NOT_FOUND = "Message not found or you are not a member of its space";

export async function reactionTarget(db: Db, messageId: string, entityId: string): Promise<{ id: string; spaceId: string }> {
  const message = await db.message.findUnique({ where: { id: messageId }, select: { id: true, spaceId: true, deletedAt: true, kind: true } });
  if (!message) throw new AppError("not_found", NOT_FOUND);
  try {
    await requireMembership(db, message.spaceId, entityId);
  } catch {
    throw new AppError("not_found", NOT_FOUND);
  }
  if (message.deletedAt) throw new AppError("conflict", "This message was deleted; it takes no reactions");
  // A channel's own lines ("Ada added Planner") are notices, not someone's words.
  if (message.kind === "system") throw new AppError("bad_request", "Notices take no reactions");
  return { id: message.id, spaceId: message.spaceId };
}
