// Who may steer an agent's run from the chat: the person it works for (its requester, or the
// sender of its trigger message), the owners and admins of the space it was started in, and
// workspace admins. Everyone else who can see the run (a member of its space) is refused with
// forbidden; someone who cannot see it learns nothing (not_found), whatever the run id.
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { canManageSpace } from "../spaces/require-membership";

export const steerRunSelect = {
  id: true,
  agentId: true,
  status: true,
  triggerType: true,
  triggerMessageId: true,
  triggerSpaceId: true,
  triggerEntityId: true,
  activeSpaceId: true,
  requesterId: true,
  chainDepth: true,
  reach: true,
  agent: { select: { entity: { select: { name: true } } } },
} as const;

export async function requireCanSteer(deps: Pick<Deps, "db">, actor: Actor, runId: string) {
  const run = await deps.db.run.findUnique({ where: { id: runId }, select: steerRunSelect });
  const spaces = [run?.triggerSpaceId, run?.activeSpaceId].filter(Boolean) as string[];
  const memberships = run
    ? await deps.db.membership.findMany({
        where: { entityId: actor.entityId, spaceId: { in: spaces }, space: { archivedAt: null } },
        select: { spaceId: true, role: true },
      })
    : [];
  if (!run || (!memberships.length && !actor.isAdmin)) throw new AppError("not_found", "Run not found");
  const isRequester = actor.entityId === run.requesterId || actor.entityId === run.triggerEntityId;
  const managesSpace = memberships.some((m) => m.spaceId === run.triggerSpaceId && canManageSpace(m.role, actor.isAdmin)) || actor.isAdmin === true;
  return { run, isRequester, managesSpace };
}
