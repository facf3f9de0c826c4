// Who took part in a message's thread: the root's author and everyone who replied in it. An
// agent among them is addressed by a follow-up in that thread, as one named or replied to is
// (reply mode "addressed"): a thread is a conversation it is in. One read per message, not
// per agent: the root's summary already lists the repliers (parley_insert_thread_reply).
import type { MessageDto } from "@/lib/realtime/dto";
import type { Db } from "../../db/client";

export async function threadParticipants(db: Db, m: Pick<MessageDto, "threadRootId">): Promise<ReadonlySet<string>> {
  if (!m.threadRootId) return new Set();
  const root = await db.message.findUnique({ where: { id: m.threadRootId }, select: { senderId: true, threadParticipantIds: true } });
  if (!root) return new Set();
  return new Set([root.senderId, ...(root.threadParticipantIds ?? [])]);
}

/** Whether an agent (by entity id) is addressed by a message because it took part in the message's thread. */
export const addressedInThread = (participants: ReadonlySet<string>, entityId: string): boolean => participants.has(entityId);
