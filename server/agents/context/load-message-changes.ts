// MESSAGE CHANGES: edits and removals in the active space that this agent has not been told of.
// Shown to the agent's first run (in that space) that starts after the change:
// - an edit of a message the agent had already seen (its seq is behind the agent's cursor),
//   as before → after (a message edited before the agent saw it is simply shown as it is now);
// - a removal of one of the agent's own messages by someone else (an author's own deletion or a
//   requester retracting the agent's reply): who removed it and when it was sent, never its text.
// Texts of a deleted message's edits are blanked when it is deleted, so none is shown.
import { MAX_MESSAGE_CHANGES_SHOWN } from "@/lib/limits";
import type { Db } from "../../db/client";
import type { MessageChangeLine } from "./context-input";

export async function loadMessageChanges(
  db: Db,
  run: { id: string; agentId: string; startedAt: Date | null },
  agentEntityId: string,
  spaceId: string,
  now: Date,
): Promise<MessageChangeLine[] | null> {
  const start = run.startedAt ?? now;
  const previous = await db.run.findFirst({
    where: { agentId: run.agentId, id: { not: run.id }, startedAt: { lt: start }, OR: [{ triggerSpaceId: spaceId }, { activeSpaceId: spaceId }] },
    orderBy: { startedAt: "desc" },
    select: { startedAt: true },
  });
  if (!previous?.startedAt) return null;
  const membership = await db.membership.findUnique({ where: { spaceId_entityId: { spaceId, entityId: agentEntityId } }, select: { lastProcessedSeq: true } });
  if (!membership) return null;
  const rows = await db.messageChange.findMany({
    where: {
      spaceId,
      createdAt: { gte: previous.startedAt },
      byEntityId: { not: agentEntityId },
      OR: [
        { kind: "edit", before: { not: null }, message: { deletedAt: null, seq: { lte: membership.lastProcessedSeq } } },
        { kind: "delete", message: { senderId: agentEntityId } },
      ],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MAX_MESSAGE_CHANGES_SHOWN,
    select: { kind: true, before: true, after: true, createdAt: true, messageId: true, byEntityId: true, message: { select: { createdAt: true } } },
  });
  if (rows.length === 0) return null;
  const people = await db.entity.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.byEntityId))] } }, select: { id: true, name: true } });
  const names = new Map(people.map((e) => [e.id, e.name]));
  return rows.reverse().map((r) => ({
    kind: r.kind === "delete" ? ("removed" as const) : ("edited" as const),
    messageId: r.messageId,
    at: r.createdAt.toISOString(),
    sentAt: r.message.createdAt.toISOString(),
    byName: names.get(r.byEntityId) ?? "someone",
    ...(r.kind === "edit" && { before: r.before ?? "", after: r.after ?? "" }),
  }));
}
