import { createHash } from "node:crypto";

/**
 * The clientMessageId of the message a send_message call posts. The streamed draft and the
 * stored message carry the same key, so the chat replaces one with the other. Tool call ids
 * come from the provider, and some number them per response ("call_0" in every call), so the
 * key also names the model call; a long id is hashed so the key fits its 100 characters.
 */
export function streamKey(run: { id: string; callKey?: string }, toolCallId: string): string {
  const id = toolCallId.length > 48 ? createHash("sha256").update(toolCallId).digest("hex").slice(0, 32) : toolCallId;
  return `run:${run.id}:${run.callKey ?? "-"}:${id}`;
}
