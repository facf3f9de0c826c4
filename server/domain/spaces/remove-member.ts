// Removing someone from a space. Removing someone else needs the space's owner/admin role or
// a workspace admin; removing yourself is leaving (leave-space.ts). The channel gets a line
// ("Ada removed Ben", "Ben left", membership-line.ts).
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { publishMemberRemoved } from "./publish-membership";
import { postMembershipLine } from "./membership-line";
import { canManageSpace, requireMembership } from "./require-membership";

export async function removeMember({ db, events }: Deps, actor: Actor, input: { spaceId: string; entityId: string }): Promise<void> {
  const { spaceId, entityId } = input;
  const me = await requireMembership(db, spaceId, actor.entityId);
  if (entityId !== actor.entityId) {
    if (me.space.kind === "direct") throw new AppError("bad_request", "Leave the direct space instead");
    if (!canManageSpace(me.role, actor.isAdmin)) {
      throw new AppError("forbidden", "Only the space's owner or an admin can remove members");
    }
  }
  const { count } = await db.membership.deleteMany({ where: { spaceId, entityId } });
  if (count === 0) throw new AppError("not_found", "Not a member of this space");
  publishMemberRemoved(events, spaceId, entityId);
  if (me.space.kind === "channel") {
    await postMembershipLine({ db, events }, actor, spaceId, entityId === actor.entityId ? { kind: "left" } : { kind: "removed", entityId });
  }
}
