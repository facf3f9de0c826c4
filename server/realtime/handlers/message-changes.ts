// Socket events for editing and deleting messages, and for the reconnect catch-up on them.
import * as ev from "@/lib/realtime/events";
import type { Actor, Deps } from "../../domain/deps";
import { editMessage } from "../../domain/messages/edit-message";
import { deleteMessage } from "../../domain/messages/delete-message";
import { listChangedMessages } from "../../domain/messages/list-changed-messages";
import type { z } from "zod";

type On = <S extends z.ZodType>(event: keyof ev.ClientToServerEvents, schema: S, run: (input: z.output<S>) => Promise<unknown>) => void;

export function registerMessageChangeHandlers(on: On, deps: Deps, actor: Actor): void {
  // The same budget as PATCH / DELETE /api/messages/:id, spent before any database work.
  const spend = async () => deps.limits?.consume("messageChangesPerUser", actor.entityId);
  on("message:edit", ev.editMessageInput, async (input) => {
    await spend();
    return { message: await editMessage(deps, actor, input) };
  });
  on("message:delete", ev.deleteMessageInput, async (input) => {
    await spend();
    return { message: await deleteMessage(deps, actor, input) };
  });
  on("messages:changed", ev.changedInput, (input) => listChangedMessages(deps, actor, input));
}
