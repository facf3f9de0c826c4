// An agent's reply mode in a space (which messages wake it there): the space's owner/admin or
// a workspace admin. The agent must be a member of the space.
import type { ReplyMode } from "@/lib/agents/reply-modes";
import { rooms } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { canManageSpace, requireMembership } from "./require-membership";
import { recordAudit } from "../audit/record-audit";

export async function setReplyMode(
  { db, events }: Deps,
  actor: Actor,
  input: { spaceId: string; agentId: string; replyMode: ReplyMode },
): Promise<{ spaceId: string; agentId: string; replyMode: ReplyMode }> {
  // A workspace admin need not be in the space; anyone else must manage it.
  if (!actor.isAdmin) {
    const me = await requireMembership(db, input.spaceId, actor.entityId);
    if (!canManageSpace(me.role, actor.isAdmin)) throw new AppError("forbidden", "Only the space's owner or an admin can change how its agents reply");
  }
  const agent = await db.agent.findUnique({ where: { id: input.agentId }, select: { entityId: true, entity: { select: { name: true } } } });
  const membership = agent
    ? await db.membership.findUnique({
        where: { spaceId_entityId: { spaceId: input.spaceId, entityId: agent.entityId } },
        select: { id: true, replyMode: true, space: { select: { name: true, kind: true } } },
      })
    : null;
  if (!agent || !membership) throw new AppError("not_found", "That agent is not a member of this space");
  if (membership.replyMode !== input.replyMode) {
    await db.$transaction(async (tx) => {
      await tx.membership.update({ where: { id: membership.id }, data: { replyMode: input.replyMode } });
      const where = membership.space.kind === "channel" ? `#${membership.space.name}` : "a direct conversation";
      await recordAudit(tx, actor, {
        action: "agent.reply_mode",
        agentId: input.agentId,
        subject: `${JSON.stringify(agent.entity.name)} in ${where}`,
        before: { replyMode: membership.replyMode },
        after: { replyMode: input.replyMode },
      });
    });
  }
  events.publish(rooms.space(input.spaceId), "space:updated", { spaceId: input.spaceId });
  return { spaceId: input.spaceId, agentId: input.agentId, replyMode: input.replyMode };
}
