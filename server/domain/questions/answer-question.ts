// A button under an agent's question: the asked person picks one of its options. The answer is
// posted as their reply to the question (so everyone sees it, and the agent's wait resolves
// through the one path every answer takes, server/agents/runs/waits.ts), after the question is
// claimed as answered in one conditional UPDATE: two presses (two tabs, a double click) answer
// once, the second gets conflict. Only members of the space learn the question exists; only the
// asked entity (anyone, for a question to anyone) may answer; only an offered option counts.
import type { QuestionDto } from "@/lib/questions/question";
import { answerQuestionInput, rooms } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { AppError, invalidInput } from "../errors";
import { requireMembership } from "../spaces/require-membership";
import { sendMessage } from "../messages/send-message";
import { questionSelect, toQuestionDto } from "./question-dto";

export async function answerQuestion(deps: Deps, actor: Actor, input: unknown): Promise<{ question: QuestionDto }> {
  const parsed = answerQuestionInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  const { messageId, option } = parsed.data;
  const q = await deps.db.question.findUnique({ where: { messageId }, select: questionSelect });
  if (!q) throw new AppError("not_found", "Question not found");
  // Not a member: the same answer as no question at all.
  await requireMembership(deps.db, q.spaceId, actor.entityId).catch(() => {
    throw new AppError("not_found", "Question not found");
  });
  if (q.askedEntityId && q.askedEntityId !== actor.entityId)
    throw new AppError("forbidden", `Only ${q.askedName ?? "the asked person"} can answer this question`);
  if (q.status !== "open") throw new AppError("conflict", `This question is already ${q.status.replace("_", " ")}`);
  if (!q.options.includes(option)) throw new AppError("bad_request", "That is not one of the question's options");
  const me = await deps.db.entity.findUniqueOrThrow({ where: { id: actor.entityId }, select: { name: true } });
  const { count } = await deps.db.question.updateMany({
    where: { messageId, status: "open" },
    data: { status: "answered", answer: option, answeredById: actor.entityId, answeredByName: me.name, endedAt: new Date() },
  });
  if (count === 0) throw new AppError("conflict", "This question was answered meanwhile");
  await sendMessage(deps, actor, { spaceId: q.spaceId, text: option, replyToMessageId: messageId, clientMessageId: `answer:${messageId}` });
  const row = await deps.db.question.findUniqueOrThrow({ where: { messageId }, select: questionSelect });
  const question = toQuestionDto(row);
  deps.events.publish(rooms.space(q.spaceId), "question:updated", { question });
  return { question };
}
