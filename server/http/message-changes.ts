// Editing and deleting a message:
//   PATCH  /api/messages/:id { text } → 200 { message }   (its author; same length rule as sending)
//   DELETE /api/messages/:id          → 200 { message }   (see domain/messages/may-delete-message.ts)
// Bearer tokens and cookies, like every route; both share the socket's messageChangesPerUser
// budget (429 + Retry-After past it) and broadcast message:updated to the space.
import { z } from "zod";
import { editMessage } from "../domain/messages/edit-message";
import { deleteMessage } from "../domain/messages/delete-message";
import { actorOf, authed } from "./endpoint";
import { readJson } from "./read-json";
import { json } from "./respond";

// Length and emptiness are checked by editMessage, so HTTP and sockets answer the same codes.
const body = z.object({ text: z.string() });

export const editMessageHandler = authed<{ id: string }>(async (req, deps, { id }, caller) => {
  const input = await readJson(req, body);
  const actor = actorOf(caller);
  await deps.limits?.consume("messageChangesPerUser", actor.entityId);
  return json({ message: await editMessage(deps, actor, { messageId: id, text: input.text }) });
});

export const deleteMessageHandler = authed<{ id: string }>(async (_req, deps, { id }, caller) => {
  const actor = actorOf(caller);
  await deps.limits?.consume("messageChangesPerUser", actor.entityId);
  return json({ message: await deleteMessage(deps, actor, { messageId: id }) });
});
