// An agent's question as clients see it (MessageDto.question): who must answer, the choices
// offered to them alone, and how it ended. Built on the server (server/domain/questions).

export type QuestionStatus = "open" | "answered" | "timed_out" | "canceled";

export interface QuestionDto {
  messageId: string;
  spaceId: string;
  /** Who must answer; null: anyone in the space. */
  askedEntityId: string | null;
  askedName: string | null;
  /** Choices; the asked entity sees them as buttons. Empty: a free answer (a reply). */
  options: string[];
  status: QuestionStatus;
  answer: string | null;
  answeredById: string | null;
  answeredByName: string | null;
  expiresAt: string;
  endedAt: string | null;
}

/** The label a question's end shows on its message. */
export function questionEndLabel(q: Pick<QuestionDto, "status" | "answer" | "answeredByName">): string | null {
  if (q.status === "answered") return q.answeredByName ? `Answered by ${q.answeredByName}: ${q.answer ?? ""}` : `Answered: ${q.answer ?? ""}`;
  if (q.status === "timed_out") return "No answer — timed out";
  if (q.status === "canceled") return "Canceled";
  return null;
}

/** "4:32" until `expiresAt`, never negative. */
export function countdown(expiresAt: string, now: number): string {
  const s = Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
