import type { Actor, Deps } from "../deps";
import { removeMember } from "./remove-member";

/** The actor leaves the space: removing yourself needs no role, in channels and direct spaces alike. */
export async function leaveSpace(deps: Deps, actor: Actor, input: { spaceId: string }): Promise<void> {
  return removeMember(deps, actor, { spaceId: input.spaceId, entityId: actor.entityId });
}
