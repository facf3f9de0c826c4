// Deleting a message (who may: may-delete-message.ts). The text is blanked where it is stored,
// with every copy this feature or the agents keep of it (its edits' before/after texts, the
// trigger quote on agents' replies, a wait's reply, an agent's question's choices,
// earlier-history summaries, the contexts runs were given as the run inspector shows them), so
// it cannot leak to anyone later; sender and time stay and clients show a "message deleted"
// placeholder. Deleting again is a no-op.
import type { MessageDto } from "@/lib/realtime/dto";
import { rooms } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { messageInclude, toMessageDto } from "../dto";
import { messageToChange } from "./message-to-change";
import { deleteRight } from "./may-delete-message";
import { scrubRunContexts } from "./scrub-run-contexts";
import { scrubRunToolEvents } from "./scrub-run-tool-events";
import { questionSelect, toQuestionDto } from "../questions/question-dto";

export async function deleteMessage(deps: Deps, actor: Actor, input: { messageId: string }): Promise<MessageDto> {
  const { db, events } = deps;
  const loaded = await messageToChange(db, input.messageId, actor.entityId);
  const { message } = loaded;
  if (!deleteRight(actor, loaded)) throw new AppError("forbidden", "You can only delete your own messages, or agents' replies to yours");
  if (message.deletedAt) return toMessageDto(message);

  const deletedAt = new Date();
  let answeredQuestions: string[] = [];
  const row = await db.$transaction(async (tx) => {
    const updated = await tx.message.updateMany({ where: { id: message.id, deletedAt: null }, data: { text: "", deletedAt } });
    if (updated.count === 0) return null;
    await tx.messageChange.updateMany({ where: { messageId: message.id }, data: { before: null, after: null } });
    await tx.messageChange.create({
      data: { messageId: message.id, spaceId: message.spaceId, kind: "delete", byEntityId: actor.entityId, createdAt: deletedAt },
    });
    // Agents' replies to it carry a short quote of their trigger (origin.triggerText).
    await tx.$executeRaw`UPDATE "Message" SET origin = origin - 'triggerText'
      WHERE origin ? 'triggerText' AND "runId" IN (SELECT id FROM "Run" WHERE "triggerMessageId" = ${message.id})`;
    // A waiting run it answered keeps a copy in waitState.reply: the reply is taken back, and a
    // run not yet resumed waits on until its timeout (or another reply), as if it never came.
    await tx.$executeRaw`UPDATE "Run" SET "waitState" = "waitState" - 'reply',
        "resumeAt" = CASE WHEN status = 'waiting_reply' AND "resumeAt" IS NOT NULL THEN ("waitState"->>'timeoutAt')::timestamp ELSE "resumeAt" END
      WHERE "waitState" -> 'reply' ->> 'messageId' = ${message.id}`;
    await scrubRunContexts(tx, message);
    await scrubRunToolEvents(tx, message);
    // An agent's question on it: its choices and answer are words of the deleted message, and
    // an open one can no longer be answered (the waiting run waits on until its timeout).
    await tx.question.updateMany({ where: { messageId: message.id, status: "open" }, data: { status: "canceled", endedAt: deletedAt } });
    await tx.question.updateMany({ where: { messageId: message.id }, data: { options: [], answer: null } });
    // A question it answered shows the answer's words (the first 500 characters, runs/questions.ts).
    const answered = { spaceId: message.spaceId, answeredById: message.senderId, answer: message.text.slice(0, 500) };
    answeredQuestions = (await tx.question.findMany({ where: answered, select: { messageId: true } })).map((q) => q.messageId);
    await tx.question.updateMany({ where: answered, data: { answer: null } });
    // A model-written summary of earlier history may retell it: dropped, so it is written again without it.
    await tx.earlierSummary.deleteMany({ where: { spaceId: message.spaceId, throughSeq: { gte: message.seq } } });
    return tx.message.findUniqueOrThrow({ where: { id: message.id }, include: messageInclude });
  });
  // Deleted by someone else at the same moment: theirs stands, and this answers with it.
  const dto = toMessageDto(row ?? (await db.message.findUniqueOrThrow({ where: { id: message.id }, include: messageInclude })));
  if (!row) return dto;
  events.publish(rooms.space(dto.spaceId), "message:updated", { message: dto });
  for (const question of await db.question.findMany({ where: { messageId: { in: answeredQuestions } }, select: questionSelect }))
    events.publish(rooms.space(dto.spaceId), "question:updated", { question: toQuestionDto(question) });
  deps.bus?.emit("message:deleted", { message: dto, byEntityId: actor.entityId });
  return dto;
}
