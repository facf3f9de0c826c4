// send_message is idempotent within a run. A run taken over after its process died, or a
// model that replays a tool call, would otherwise post the same message twice: a message
// this run already posted since its last wait, in the same space, with the same text (or by
// the same tool call id, in the same space), is answered with the result it got then, and
// nothing is posted, whether or not either was sent as a reply: a takeover that sends the
// dead attempt's report as a reply to the trigger posts nothing. Asking the same question
// again after a reply is a new question, so the search starts after the run's last wait;
// "Yes" as replies to two different questions are two messages.
import { createHash } from "node:crypto";
import type { GatewayCtx } from "../gateway-context";
import { streamKey } from "./stream-key";

/** What makes two sends the same message: its text, what it replies to, and whether it waits. */
export interface SentShape {
  text: string;
  replyTo: string | null;
  wait: boolean;
}

export const sentHash = (s: SentShape): string =>
  createHash("sha256")
    .update(JSON.stringify([s.text, s.replyTo, s.wait]))
    .digest("hex");

export async function alreadySent(
  ctx: Pick<GatewayCtx, "db">,
  run: { id: string; callKey?: string },
  agentEntityId: string,
  spaceId: string,
  shape: SentShape,
  toolCallId: string,
): Promise<{ result: Record<string, unknown>; seq: number } | null> {
  const { db } = ctx;
  const lastWait = await db.runEvent.findFirst({
    where: { runId: run.id, type: "wait_started" },
    orderBy: { seq: "desc" },
    select: { seq: true, createdAt: true },
  });
  const hash = sentHash(shape);
  // Tool call ids come from the provider, and some number them per response: an id matches
  // only in the same space and since the last wait, like the text.
  const event = await db.runEvent.findFirst({
    where: {
      runId: run.id,
      type: "message_sent",
      seq: { gt: lastWait?.seq ?? 0 },
      AND: [{ data: { path: ["spaceId"], equals: spaceId } }],
      OR: [{ data: { path: ["toolCallId"], equals: toolCallId } }, { data: { path: ["sentHash"], equals: hash } }],
    },
    orderBy: { seq: "desc" },
    select: { data: true },
  });
  const sent = event?.data as { messageId: string; toolCallId?: string } | undefined;
  const select = { id: true, seq: true, spaceId: true } as const;
  // A process that died between posting and recording leaves only the message: found by its
  // key (which names the tool call) or by run, space and text.
  const message = sent
    ? await db.message.findUnique({ where: { id: sent.messageId }, select })
    : ((await db.message.findUnique({
        where: { senderId_clientMessageId: { senderId: agentEntityId, clientMessageId: streamKey(run, toolCallId) } },
        select,
      })) ??
      (await db.message.findFirst({
        where: {
          runId: run.id,
          spaceId,
          text: shape.text,
          // The same text is the same message unless both reply, to different messages.
          ...(shape.replyTo ? { OR: [{ replyToMessageId: shape.replyTo }, { replyToMessageId: null }] } : {}),
          deletedAt: null,
          ...(lastWait ? { createdAt: { gt: lastWait.createdAt } } : {}),
        },
        orderBy: { seq: "desc" },
        select,
      })));
  if (!message || message.spaceId !== spaceId) return null;
  const stored = sent?.toolCallId
    ? await db.runEvent.findFirst({
        where: { runId: run.id, type: "tool_result", data: { path: ["toolCallId"], equals: sent.toolCallId } },
        select: { data: true },
      })
    : null;
  const output = (stored?.data as { output?: unknown } | undefined)?.output;
  const result =
    output && typeof output === "object" && !("error" in output)
      ? output
      : { status: "sent", messageId: message.id, spaceId: message.spaceId, seq: message.seq };
  return { result: { ...result, note: "This run already sent this message; it was not posted again." }, seq: message.seq };
}
