// A question's row (Question, keyed by its message) follows its run's wait: created when the
// question is posted, answered when the asked entity's reply resolves the wait, timed out when
// the run resumes without one, canceled when the run ends while it is still open (an admin or
// a member stopped it, it failed). Every change goes to the space live (question:updated); a
// new question also goes to the asked entity's own room (question:asked), for its badges.
import { rooms } from "@/lib/realtime/events";
import type { GatewayCtx } from "../gateway-context";
import { questionSelect, toQuestionDto } from "../../domain/questions/question-dto";
import type { WaitReply } from "./waits";

type Ctx = Pick<GatewayCtx, "db" | "events" | "clock">;

async function publish(ctx: Ctx, messageIds: string[]): Promise<void> {
  if (!messageIds.length) return;
  const rows = await ctx.db.question.findMany({ where: { messageId: { in: messageIds } }, select: questionSelect });
  for (const q of rows) ctx.events.publish(rooms.space(q.spaceId), "question:updated", { question: toQuestionDto(q) });
}

export async function createQuestion(
  ctx: Ctx,
  q: { messageId: string; runId: string; spaceId: string; asked: { id: string; name: string } | null; options: string[]; expiresAt: Date; agentName: string },
): Promise<void> {
  await ctx.db.question.create({
    data: {
      messageId: q.messageId,
      runId: q.runId,
      spaceId: q.spaceId,
      askedEntityId: q.asked?.id ?? null,
      askedName: q.asked?.name ?? null,
      options: q.options,
      expiresAt: q.expiresAt,
    },
  });
  // A reply may have resolved the wait between the post and this row: the question is answered already.
  const run = await ctx.db.run.findUnique({ where: { id: q.runId }, select: { waitState: true, status: true } });
  const reply = (run?.waitState as { reply?: WaitReply; messageId?: string } | null)?.reply;
  if (reply) await answerQuestion(ctx, q.messageId, reply);
  else await publish(ctx, [q.messageId]);
  if (q.asked && !reply) {
    const row = await ctx.db.question.findUnique({
      where: { messageId: q.messageId },
      select: { ...questionSelect, message: { select: { space: { select: { name: true } } } } },
    });
    if (row) {
      ctx.events.publish(rooms.entity(q.asked.id), "question:asked", {
        question: toQuestionDto(row),
        agentName: q.agentName,
        spaceName: row.message.space.name,
      });
    }
  }
}

/** The asked entity answered (a reply, their next message, or a button): the question shows the answer and who gave it. */
export async function answerQuestion(ctx: Ctx, messageId: string, reply: Pick<WaitReply, "entityId" | "entityName" | "text">): Promise<void> {
  const { count } = await ctx.db.question.updateMany({
    where: { messageId, status: "open" },
    data: { status: "answered", answer: reply.text.slice(0, 500), answeredById: reply.entityId, answeredByName: reply.entityName, endedAt: ctx.clock.now() },
  });
  if (count) await publish(ctx, [messageId]);
}

/** The run resumed without an answer to its current question: it timed out. */
export async function timeOutQuestion(ctx: Ctx, runId: string): Promise<void> {
  const rows = await ctx.db.$queryRaw<{ messageId: string }[]>`
    UPDATE "Question" q SET status = 'timed_out', "endedAt" = ${ctx.clock.now().toISOString()}::timestamp
    FROM "Run" r
    WHERE r.id = ${runId} AND q."runId" = r.id AND q.status = 'open'
      AND q."messageId" = r."waitState"->>'messageId' AND NOT (r."waitState" ? 'reply')
    RETURNING q."messageId"`;
  await publish(
    ctx,
    rows.map((r) => r.messageId),
  );
}

/** The run ended with its question still open (canceled, stopped, failed): nobody can answer it any more. */
export async function cancelQuestions(ctx: Ctx, runId: string): Promise<void> {
  const open = await ctx.db.question.findMany({ where: { runId, status: "open" }, select: { messageId: true } });
  if (!open.length) return;
  await ctx.db.question.updateMany({ where: { runId, status: "open" }, data: { status: "canceled", endedAt: ctx.clock.now() } });
  await publish(
    ctx,
    open.map((q) => q.messageId),
  );
}
