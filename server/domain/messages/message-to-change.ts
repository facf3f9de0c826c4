// The message an edit or deletion is about, loaded with what deciding who may change it needs.
// Not found and not a member answer the same, so a non-member learns nothing about it.
import type { Db } from "../../db/client";
import { AppError } from "../errors";
import { messageInclude } from "../dto";
import { requireMembership } from "../spaces/require-membership";

export async function messageToChange(db: Db, messageId: string, entityId: string) {
  const message = await db.message.findUnique({
    where: { id: messageId },
    include: {
      ...messageInclude,
      replyTo: { select: { ...messageInclude.replyTo.select, senderId: true } },
      run: { select: { ...messageInclude.run.select, triggerEntityId: true } },
    },
  });
  if (!message) throw new AppError("not_found", "Message not found");
  try {
    const membership = await requireMembership(db, message.spaceId, entityId);
    return { message, membership };
  } catch {
    throw new AppError("not_found", "Message not found");
  }
}

export type MessageToChange = Awaited<ReturnType<typeof messageToChange>>;
