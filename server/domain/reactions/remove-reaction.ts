// Taking one's own reaction back; nobody can remove another's. Removing one that is not
// there changes nothing (a second click from another tab is not an error).
import type { Actor, Deps } from "../deps";
import { reactionEmoji } from "./reaction-emoji";
import { reactionTarget } from "./reaction-target";
import { type ReactionsResult, publishReactions, readReactions } from "./message-reactions";

export async function removeReaction(deps: Deps, actor: Actor, input: { messageId: string; emoji: string }): Promise<ReactionsResult> {
  const emoji = reactionEmoji(input.emoji);
  const message = await reactionTarget(deps.db, input.messageId, actor.entityId);
  const { count } = await deps.db.reaction.deleteMany({ where: { messageId: message.id, entityId: actor.entityId, emoji } });
  const result = { spaceId: message.spaceId, messageId: message.id, reactions: await readReactions(deps.db, message.id) };
  if (count > 0) publishReactions(deps, result);
  return result;
}
