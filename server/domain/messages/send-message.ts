// Sending a message: validate → persist with the next per-space seq → broadcast.
// The same (sender, clientMessageId) stores one message however many times it arrives,
// concurrently or on retry; every caller gets that one message back.
import type { MessageDto } from "@/lib/realtime/dto";
import { rooms } from "@/lib/realtime/events";
import { MAX_MESSAGE_LENGTH } from "@/lib/limits";
import type { Prisma } from "@/generated/prisma/client";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { messageInclude, toMessageDto } from "../dto";
import { requireMembership } from "../spaces/require-membership";

export interface SendMessageInput {
  spaceId: string;
  text: string;
  clientMessageId?: string;
  replyToMessageId?: string;
  /** Set by the agent gateway: the sending run, its chain depth and why it sent this. */
  runId?: string;
  chainDepth?: number;
  origin?: Prisma.InputJsonValue;
}

export interface SendMessageResult {
  message: MessageDto;
  /** False when the idempotency key matched an existing message. */
  created: boolean;
}

export async function sendMessage(deps: Deps, actor: Actor, input: SendMessageInput): Promise<SendMessageResult> {
  const { db, events } = deps;
  if (input.text.trim().length === 0) throw new AppError("bad_request", "Message is empty");
  if (input.text.length > MAX_MESSAGE_LENGTH) {
    throw new AppError("payload_too_large", `Message is longer than ${MAX_MESSAGE_LENGTH} characters`);
  }
  const membership = await requireMembership(db, input.spaceId, actor.entityId);

  if (input.clientMessageId) {
    const existing = await findByKey(deps, actor.entityId, input.clientMessageId, input.spaceId);
    if (existing) return { message: existing, created: false };
  }
  if (input.replyToMessageId) {
    const parent = await db.message.findUnique({ where: { id: input.replyToMessageId }, select: { spaceId: true } });
    if (!parent || parent.spaceId !== input.spaceId) {
      throw new AppError("bad_request", "The message you reply to is not in this space");
    }
  }

  let row;
  try {
    row = await db.$transaction(async (tx) => {
      // Row lock on the space serialises seq assignment: seqs are gap-free and ordered.
      const [space] = await tx.$queryRaw<{ lastSeq: number }[]>`
        UPDATE "Space" SET "lastSeq" = "lastSeq" + 1, "updatedAt" = now()
        WHERE id = ${input.spaceId} RETURNING "lastSeq"`;
      if (!space) throw new AppError("not_found", "Space not found or you are not a member");
      const message = await tx.message.create({
        data: {
          spaceId: input.spaceId,
          seq: space.lastSeq,
          senderId: actor.entityId,
          text: input.text,
          replyToMessageId: input.replyToMessageId,
          clientMessageId: input.clientMessageId,
          runId: input.runId,
          chainDepth: input.chainDepth ?? 0,
          origin: input.origin,
        },
        include: messageInclude,
      });
      // What I wrote I have read: my own message moves my cursor (forward only).
      await tx.membership.updateMany({
        where: { id: membership.id, lastSeenSeq: { lt: message.seq } },
        data: { lastSeenSeq: message.seq, lastSeenMessageId: message.id },
      });
      return message;
    });
  } catch (e) {
    // A concurrent send with the same key won the race; its transaction committed first.
    if ((e as { code?: string }).code === "P2002" && input.clientMessageId) {
      const existing = await findByKey(deps, actor.entityId, input.clientMessageId, input.spaceId);
      if (existing) return { message: existing, created: false };
    }
    throw e;
  }

  const message = toMessageDto(row);
  events.publish(rooms.space(input.spaceId), "message:new", { message });
  events.publish(rooms.space(input.spaceId), "read:updated", {
    spaceId: input.spaceId,
    entityId: actor.entityId,
    lastSeenSeq: message.seq,
    lastSeenMessageId: message.id,
  });
  deps.bus?.emit("message:created", message);
  return { message, created: true };
}

async function findByKey({ db }: Deps, senderId: string, clientMessageId: string, spaceId: string) {
  const row = await db.message.findUnique({
    where: { senderId_clientMessageId: { senderId, clientMessageId } },
    include: messageInclude,
  });
  if (!row) return null;
  if (row.spaceId !== spaceId) throw new AppError("conflict", "This clientMessageId was already used in another space");
  return toMessageDto(row);
}
