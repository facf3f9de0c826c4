// send_message is idempotent within a run. A run taken over after its process died, or a
// model that replays a tool call, would otherwise post the same message twice: a message
// this run already posted since its last wait, in the same space, with the same text, reply
// target and wait (or by the same tool call id, in the same space), is answered with the
// result it got then, and nothing is posted. Asking the same question again after a reply is
// a new question, so the search starts after the run's last wait; "Yes" as replies to two
// different questions in one model call are two messages. A later model call of the run (a
// takeover after its process died) that sends a text an earlier call already posted there is
// repeating it, whatever it replies to: the dead attempt's report, sent again as a reply, is
// not posted twice.
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

/** The same text and wait, whatever the reply target: what an earlier model call of the run must not post again. */
export const textHash = (s: SentShape): string =>
  createHash("sha256")
    .update(JSON.stringify([s.text, s.wait]))
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
      OR: [
        { data: { path: ["toolCallId"], equals: toolCallId } },
        { data: { path: ["sentHash"], equals: hash } },
        // Posted by an earlier call of the run (another callKey): the same text, whatever its reply target.
        { AND: [{ data: { path: ["textHash"], equals: textHash(shape) } }, { NOT: { data: { path: ["callKey"], equals: run.callKey ?? "-" } } }] },
      ],
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
          // Another call's message counts whatever it replied to; this call's own only with the same target.
          OR: [{ replyToMessageId: shape.replyTo }, { NOT: { clientMessageId: { startsWith: `run:${run.id}:${run.callKey ?? "-"}:` } } }],
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
