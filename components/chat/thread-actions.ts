// What the thread panel asks of the socket: a page of a thread, a reply (with "also send to
// channel"), and moving the thread's read cursor. A reply is acked with the stored message,
// merged into the space's timeline like any message (the broadcast and the ack never double).
// Thread replies go straight out rather than through the outbox: a failed one is shown in the
// panel with its reason, and the text can be sent again.
import type { MessageDto } from "@/lib/realtime/dto";
import { type ClientSocket, request } from "@/lib/client/socket";

type Call = <T>(fn: (s: ClientSocket) => Promise<T>) => Promise<T>;

export function threadActions(call: Call, merge: (m: MessageDto) => void) {
  return {
    getThread: (rootId: string, beforeSeq?: number) => call((s) => request(s, "thread:get", { rootId, ...(beforeSeq ? { beforeSeq } : {}) })),
    sendThreadReply: (spaceId: string, threadRootId: string, text: string, alsoInChannel: boolean) =>
      call(async (s) => {
        const { message } = await request(s, "message:send", { spaceId, text, threadRootId, alsoInChannel, clientMessageId: crypto.randomUUID() });
        merge(message);
        return message;
      }),
    listThreads: () => call((s) => request(s, "threads:list", {})),
    markThreadRead: (rootId: string, seq: number) => void call((s) => request(s, "thread:read", { rootId, seq })).catch(() => {}),
  };
}
