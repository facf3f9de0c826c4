// Editing a message: its author only, never a system line or a deleted message, with the same
// emptiness and length rules as sending. The edit is recorded (before → after) so agents that
// saw the old text are told of the change; members get message:updated with the new state.
import type { MessageDto } from "@/lib/realtime/dto";
import { rooms } from "@/lib/realtime/events";
import { MAX_MESSAGE_LENGTH } from "@/lib/limits";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { messageInclude, toMessageDto } from "../dto";
import { messageToChange } from "./message-to-change";
import { prepareMentions } from "../mentions/prepare-mentions";

export interface EditMessageInput {
  messageId: string;
  text: string;
}

export async function editMessage(deps: Deps, actor: Actor, input: EditMessageInput): Promise<MessageDto> {
  const { db, events } = deps;
  if (input.text.trim().length === 0) throw new AppError("bad_request", "Message is empty");
  if (input.text.length > MAX_MESSAGE_LENGTH) throw new AppError("payload_too_large", `Message is longer than ${MAX_MESSAGE_LENGTH} characters`);
  const { message } = await messageToChange(db, input.messageId, actor.entityId);
  if (message.senderId !== actor.entityId) throw new AppError("forbidden", "You can only edit your own messages");
  if (message.kind === "system") throw new AppError("forbidden", "System messages cannot be edited");
  if (message.deletedAt) throw new AppError("conflict", "This message was deleted");
  // Typed "@Name"s become references as on send; newly mentioned members get a Mention (and a
  // mention:new), those no longer mentioned lose theirs.
  const { text, mentionIds } = await prepareMentions(db, message.spaceId, actor.entityId, input.text);
  if (message.text === text) return toMessageDto(message);

  const editedAt = new Date();
  // Conditional on the text read above: of two edits at once, the later one applies to what
  // the first wrote, so the recorded before → after pairs chain without a gap; a delete in
  // between wins (deletedAt: null), and nothing of the deleted text is recorded again.
  let newlyMentioned: string[] = [];
  const row = await db.$transaction(async (tx) => {
    const updated = await tx.message.updateMany({
      where: { id: message.id, text: message.text, deletedAt: null },
      data: { text, editedAt },
    });
    if (updated.count === 0) return null;
    const before = await tx.mention.findMany({ where: { messageId: message.id }, select: { mentionedEntityId: true } });
    await tx.mention.deleteMany({ where: { messageId: message.id, mentionedEntityId: { notIn: mentionIds } } });
    const had = new Set(before.map((m) => m.mentionedEntityId));
    newlyMentioned = mentionIds.filter((id) => !had.has(id));
    if (newlyMentioned.length)
      await tx.mention.createMany({
        data: newlyMentioned.map((id) => ({ messageId: message.id, spaceId: message.spaceId, seq: message.seq, mentionedEntityId: id })),
        skipDuplicates: true,
      });
    await tx.messageChange.create({
      data: {
        messageId: message.id,
        spaceId: message.spaceId,
        kind: "edit",
        byEntityId: actor.entityId,
        before: message.text,
        after: text,
        createdAt: editedAt,
      },
    });
    return tx.message.findUniqueOrThrow({ where: { id: message.id }, include: messageInclude });
  });
  if (!row) throw new AppError("conflict", "The message changed meanwhile; try again");
  const dto = toMessageDto(row);
  events.publish(rooms.space(dto.spaceId), "message:updated", { message: dto });
  for (const id of newlyMentioned) events.publish(rooms.entity(id), "mention:new", { message: dto });
  deps.bus?.emit("message:edited", { message: dto, before: message.text });
  return dto;
}
