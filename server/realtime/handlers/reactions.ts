// reaction:add / reaction:remove: one's own reaction to a message of a space one is in. The
// ack carries the message's reactions as they now are; every member (this socket included)
// also gets reaction:updated. Rate limited per entity, shared with HTTP and the react tool.
import * as ev from "@/lib/realtime/events";
import type { Actor, Deps } from "../../domain/deps";
import { addReaction } from "../../domain/reactions/add-reaction";
import { removeReaction } from "../../domain/reactions/remove-reaction";
import type { On } from "../register-handlers";

export function registerReactionHandlers(on: On, deps: Deps, actor: Actor): void {
  on("reaction:add", ev.reactionInput, async (input) => {
    await deps.limits?.consume("reactionsPerEntity", actor.entityId);
    return { reactions: (await addReaction(deps, actor, input)).reactions };
  });
  on("reaction:remove", ev.reactionInput, async (input) => {
    await deps.limits?.consume("reactionsPerEntity", actor.entityId);
    return { reactions: (await removeReaction(deps, actor, input)).reactions };
  });
}
