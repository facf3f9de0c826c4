/**
 * The clientMessageId of the message a send_message call posts. The streamed draft and the
 * stored message carry the same key, so the chat replaces one with the other.
 */
export const streamKey = (runId: string, toolCallId: string) => `run:${runId}:${toolCallId}`.slice(0, 100);
