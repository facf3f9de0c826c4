import { AppError } from "../errors";
import type { Db } from "../../db/client";

/**
 * The membership of `entityId` in `spaceId`, or a not_found error. Not-a-member and
 * no-such-space answer the same so a non-member learns nothing about the space.
 *
 * A guard that actions and agent tools call first, not an action itself: it keeps the
 * positional (db, spaceId, entityId) shape instead of (deps, actor, input), since it only
 * needs the entity's id and runs on every event (typing included).
 */
export async function requireMembership(db: Db, spaceId: string, entityId: string) {
  const membership = await db.membership.findUnique({
    where: { spaceId_entityId: { spaceId, entityId } },
    include: { space: true },
  });
  if (!membership || membership.space.archivedAt) {
    throw new AppError("not_found", "Space not found or you are not a member");
  }
  return membership;
}

/**
 * Like requireMembership, but an archived space still counts: its members may open it and
 * read its history (read-only). Everything that writes or wakes agents keeps the strict guard.
 */
export async function requireReadableMembership(db: Db, spaceId: string, entityId: string) {
  const membership = await db.membership.findUnique({
    where: { spaceId_entityId: { spaceId, entityId } },
    include: { space: true },
  });
  if (!membership) throw new AppError("not_found", "Space not found or you are not a member");
  return membership;
}

/** A role check on a membership already loaded; a plain predicate, so not in (deps, actor, input) shape. */
export function canManageSpace(role: string, isAdmin: boolean | undefined): boolean {
  return isAdmin === true || role === "owner" || role === "admin";
}
