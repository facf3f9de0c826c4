// Sending a message: validate → persist with the next per-space seq → broadcast.
// The same (sender, clientMessageId) stores one message however many times it arrives,
// concurrently or on retry; every caller gets that one message back.
import type { MessageDto, ThreadSummaryDto } from "@/lib/realtime/dto";
import { rooms } from "@/lib/realtime/events";
import { MAX_MESSAGE_LENGTH } from "@/lib/limits";
import type { Prisma } from "@/generated/prisma/client";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { type MessageRow, messageInclude, toMessageDto } from "../dto";
import { requireReadableMembership } from "../spaces/require-membership";
import { insertMessage } from "./insert-message";
import { isUniqueViolation } from "../../db/unique-violation";
import { insertInSeqOrder } from "./ordered-publish";
import { insertThreadReply } from "../threads/insert-thread-reply";
import { threadRootRefusal } from "../threads/thread-refusal";
import { prepareMentions } from "../mentions/prepare-mentions";

export interface SendMessageInput {
  spaceId: string;
  text: string;
  clientMessageId?: string;
  replyToMessageId?: string;
  /** Set by the agent gateway: the sending run, its chain depth and why it sent this. */
  runId?: string;
  chainDepth?: number;
  origin?: Prisma.InputJsonValue;
  /** A reply in this thread (a top-level message of the same space); alsoInChannel shows it in the channel too. */
  threadRootId?: string;
  alsoInChannel?: boolean;
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
  // A thread reply answers its thread, not one message of it; "also in channel" says where a thread reply shows.
  if (input.threadRootId && input.replyToMessageId) throw new AppError("bad_request", "A thread reply cannot also reply to a message");
  if (input.alsoInChannel && !input.threadRootId) throw new AppError("bad_request", "alsoInChannel is for thread replies");
  // Typed "@Name"s of members become references; the mentioned members get a Mention row in
  // the insert statement and a mention:new after the space's message:new.
  const { text, mentionIds } = await prepareMentions(db, input.spaceId, actor.entityId, input.text);
  // One statement checks membership (and the quoted message), stores and moves the cursor;
  // a retry's stored copy is found by the key's unique violation below, not looked up first,
  // so a first send costs one round trip.
  let row;
  try {
    row = await insertInSeqOrder<MessageRow>(
      input.spaceId,
      () =>
        input.threadRootId
          ? insertThreadReply(db, {
              spaceId: input.spaceId,
              senderId: actor.entityId,
              text,
              threadRootId: input.threadRootId,
              alsoInChannel: input.alsoInChannel === true,
              clientMessageId: input.clientMessageId,
              runId: input.runId,
              chainDepth: input.chainDepth,
              origin: input.origin,
            }).then((r) => withThreadMentions(db, r, mentionIds))
          : insertMessage(db, {
              spaceId: input.spaceId,
              senderId: actor.entityId,
              text,
              mentionIds,
              replyToMessageId: input.replyToMessageId,
              clientMessageId: input.clientMessageId,
              runId: input.runId,
              chainDepth: input.chainDepth,
              origin: input.origin,
            }),
      // No read:updated for the sender's own cursor: clients move it on message:new (a sender
      // has read what they wrote), which halves the frames every message costs the space.
      (r) => {
        const message = toMessageDto(r);
        events.publish(rooms.space(input.spaceId), "message:new", { message });
        for (const id of "mentionedIds" in r ? (r.mentionedIds as string[]) : []) events.publish(rooms.entity(id), "mention:new", { message });
        // The root's new summary follows its reply, so a client never counts a reply it has not got.
        if ("rootSummary" in r && r.threadRootId)
          events.publish(rooms.space(input.spaceId), "thread:updated", {
            spaceId: input.spaceId,
            rootId: r.threadRootId,
            thread: r.rootSummary as ThreadSummaryDto,
          });
      },
    );
  } catch (e) {
    // A concurrent send with the same key won the race; its statement committed first.
    if (isUniqueViolation(e) && input.clientMessageId) {
      const existing = await findByKey(deps, actor.entityId, input.clientMessageId, input.spaceId);
      if (existing) return { message: existing, created: false };
    }
    throw e;
  }
  if (!row) {
    const why = await whyNotStored(deps, actor, input);
    if (why instanceof AppError) throw why;
    return why;
  }

  const message = toMessageDto(row);
  deps.bus?.emit("message:created", message);
  return { message, created: true };
}

/**
 * Nothing was stored: not a member (asked first, so a non-member learns nothing), a retry of
 * a stored message whose reply no longer checks out (it gets that message, as any retry
 * does), or a bad reply.
 */
async function whyNotStored(deps: Deps, actor: Actor, input: SendMessageInput): Promise<SendMessageResult | AppError> {
  // A member of an archived channel is told so (it is read-only), not that it does not exist.
  const me = await requireReadableMembership(deps.db, input.spaceId, actor.entityId);
  if (me.space.archivedAt) return new AppError("archived", "This channel is archived: it is read-only");
  const existing = input.clientMessageId ? await findByKey(deps, actor.entityId, input.clientMessageId, input.spaceId) : null;
  if (existing) return { message: existing, created: false };
  if (input.threadRootId) {
    const refusal = await threadRootRefusal(deps.db, input.spaceId, input.threadRootId);
    if (refusal) return refusal;
  }
  if (!input.replyToMessageId) return new AppError("not_found", "Space not found or you are not a member");
  return new AppError("bad_request", "The message you reply to is not in this space");
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

/**
 * A thread reply's mentions: its own statement (parley_insert_thread_reply) stores the reply and
 * the root's summary, and the Mention rows follow it here. The rows' key (message, person) makes
 * a repeat write nothing, and only members were picked out (prepareMentions).
 */
async function withThreadMentions<R extends { id: string; seq: number; spaceId: string }>(
  db: Deps["db"],
  r: R | null,
  mentionIds: string[],
): Promise<(R & { mentionedIds: string[] }) | null> {
  if (!r) return null;
  if (mentionIds.length)
    await db.mention.createMany({
      data: mentionIds.map((mentionedEntityId) => ({ messageId: r.id, spaceId: r.spaceId, seq: r.seq, mentionedEntityId })),
      skipDuplicates: true,
    });
  return { ...r, mentionedIds: mentionIds };
}
