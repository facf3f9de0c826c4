// POST /api/spaces/:id/messages { text, clientMessageId?, replyToMessageId?, threadRootId?, alsoInChannel? }
// → 201 { message }, or 200 with the stored message when clientMessageId was seen before.
// The sender is always the caller; sendMessage broadcasts it to the space's sockets.
import { z } from "zod";
import { sendMessage } from "../domain/messages/send-message";
import { spendMessageBudget } from "../limits/message-budget";
import { actorOf, authed } from "./endpoint";
import { readJson } from "./read-json";
import { json } from "./respond";

const id = z.string().min(1).max(64);

// Length and emptiness are checked by sendMessage, so HTTP and sockets answer the same
// codes (413 for too long). `null` is accepted for the optional ids as "not set".
const body = z.object({
  text: z.string(),
  clientMessageId: z.string().min(1).max(100).nullish(),
  replyToMessageId: id.nullish(),
  threadRootId: id.nullish(),
  alsoInChannel: z.boolean().nullish(),
});

export const sendMessageHandler = authed<{ id: string }>(async (req, deps, { id: spaceId }, caller) => {
  const input = await readJson(req, body);
  const actor = actorOf(caller);
  // Shared with the socket's message:send: 429 + Retry-After past it, nothing stored.
  await spendMessageBudget(deps, actor, input.clientMessageId ?? undefined);
  const { message, created } = await sendMessage(deps, actor, {
    spaceId,
    text: input.text,
    clientMessageId: input.clientMessageId ?? undefined,
    replyToMessageId: input.replyToMessageId ?? undefined,
    threadRootId: input.threadRootId ?? undefined,
    alsoInChannel: input.alsoInChannel ?? undefined,
  });
  return json({ message }, created ? 201 : 200);
});
