// Adding one's reaction to a message: checked (a known emoji, a member, a live message, the
// per-message limits), stored once per (message, entity, emoji), and the message's reactions
// as they now are sent to its space (reaction:updated). Adding it again changes nothing.
// Reactions are not messages: nothing is announced on the domain bus, so no agent wakes.
import { MAX_REACTION_EMOJI_PER_MESSAGE, MAX_REACTIONS_PER_ENTITY_PER_MESSAGE } from "@/lib/limits";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { isUniqueViolation } from "../../db/unique-violation";
import { reactionEmoji } from "./reaction-emoji";
import { reactionTarget } from "./reaction-target";
import { type ReactionsResult, publishReactions, readReactions } from "./message-reactions";

export async function addReaction(deps: Deps, actor: Actor, input: { messageId: string; emoji: string }): Promise<ReactionsResult> {
  const emoji = reactionEmoji(input.emoji);
  const message = await reactionTarget(deps.db, input.messageId, actor.entityId);
  let added = false;
  let reactions;
  try {
    reactions = await deps.db.$transaction(async (tx) => {
      // The message's row lock orders concurrent reactions to it, so the counts below are
      // the ones the insert lands on and the limits hold under any concurrency.
      await tx.$queryRaw`SELECT id FROM "Message" WHERE id = ${message.id} FOR UPDATE`;
      const rows = await tx.reaction.findMany({ where: { messageId: message.id }, select: { emoji: true, entityId: true } });
      if (!rows.some((r) => r.emoji === emoji && r.entityId === actor.entityId)) {
        if (rows.filter((r) => r.entityId === actor.entityId).length >= MAX_REACTIONS_PER_ENTITY_PER_MESSAGE)
          throw new AppError("rate_limited", `You can add at most ${MAX_REACTIONS_PER_ENTITY_PER_MESSAGE} reactions to one message`);
        if (!rows.some((r) => r.emoji === emoji) && new Set(rows.map((r) => r.emoji)).size >= MAX_REACTION_EMOJI_PER_MESSAGE)
          throw new AppError("rate_limited", `A message can carry at most ${MAX_REACTION_EMOJI_PER_MESSAGE} different emoji; add one of those instead`);
        await tx.reaction.create({ data: { messageId: message.id, entityId: actor.entityId, emoji } });
        added = true;
      }
      return readReactions(tx, message.id);
    });
  } catch (e) {
    // The same reaction from another tab of the same person, stored between our read and insert.
    if (!isUniqueViolation(e)) throw e;
    reactions = await readReactions(deps.db, message.id);
  }
  const result = { spaceId: message.spaceId, messageId: message.id, reactions };
  if (added) publishReactions(deps, result);
  return result;
}
