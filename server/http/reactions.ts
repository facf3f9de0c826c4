// One's own reaction to a message, over HTTP (the socket's reaction:add / reaction:remove):
//   POST   /api/messages/:id/reactions { emoji } → 200 { reactions }
//   DELETE /api/messages/:id/reactions { emoji } → 200 { reactions }
// Bearer tokens and the session cookie both work; the space's members get reaction:updated.
import { z } from "zod";
import type { ReactionsResult } from "../domain/reactions/message-reactions";
import { addReaction } from "../domain/reactions/add-reaction";
import { removeReaction } from "../domain/reactions/remove-reaction";
import type { Actor, Deps } from "../domain/deps";
import { actorOf, authed } from "./endpoint";
import { readJson } from "./read-json";
import { json } from "./respond";

// Length and the emoji set are checked by the domain, so HTTP answers 413 for an oversized
// emoji as the socket does (the body itself is bounded by MAX_BODY_BYTES).
const body = z.object({ emoji: z.string().min(1, "Emoji is required") });

type Change = (deps: Deps, actor: Actor, input: { messageId: string; emoji: string }) => Promise<ReactionsResult>;

const reactionHandler = (change: Change) =>
  authed<{ id: string }>(async (req, deps, { id }, caller) => {
    // Keyed by entity, not user, so the socket's events and these requests share one count.
    await deps.limits?.consume("reactionsPerEntity", caller.entityId);
    const { emoji } = await readJson(req, body);
    return json({ reactions: (await change(deps, actorOf(caller), { messageId: id, emoji })).reactions });
  });

export const addReactionHandler = reactionHandler(addReaction);
export const removeReactionHandler = reactionHandler(removeReaction);
