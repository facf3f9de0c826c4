// Question rows → QuestionDto (lib/questions/question.ts). The select lives beside the mapper.
import type { QuestionDto, QuestionStatus } from "@/lib/questions/question";

export const questionSelect = {
  messageId: true,
  spaceId: true,
  askedEntityId: true,
  askedName: true,
  options: true,
  status: true,
  answer: true,
  answeredById: true,
  answeredByName: true,
  expiresAt: true,
  endedAt: true,
} as const;

export interface QuestionRow {
  messageId: string;
  spaceId: string;
  askedEntityId: string | null;
  askedName: string | null;
  options: string[];
  status: string;
  answer: string | null;
  answeredById: string | null;
  answeredByName: string | null;
  expiresAt: Date;
  endedAt: Date | null;
}

export const toQuestionDto = (q: QuestionRow): QuestionDto => ({
  messageId: q.messageId,
  spaceId: q.spaceId,
  askedEntityId: q.askedEntityId,
  askedName: q.askedName,
  options: q.options,
  status: q.status as QuestionStatus,
  answer: q.answer,
  answeredById: q.answeredById,
  answeredByName: q.answeredByName,
  expiresAt: q.expiresAt.toISOString(),
  endedAt: q.endedAt?.toISOString() ?? null,
});
