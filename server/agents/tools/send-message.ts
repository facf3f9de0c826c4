// send_message: posts in the run's active space, as the agent, within the run's reach; with
// wait: true the run pauses until the asked entity answers (askTo; by default who started the
// run), optionally offering choices they see as buttons. The agent's plain text output is never posted.
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { MAX_MESSAGE_LENGTH, MAX_QUESTION_OPTION_LENGTH, MAX_QUESTION_OPTIONS, MAX_WAITS_PER_RUN } from "@/lib/limits";
import { sendMessage } from "../../domain/messages/send-message";
import { requireMembership } from "../../domain/spaces/require-membership";
import { AppError } from "../../domain/errors";
import { attachQuestion, beginWait } from "../runs/waits";
import { transition } from "../runs/transitions";
import { appendRunEvent } from "../runs/run-events";
import { requireInReach } from "../reach/reach";
import { noteSeen } from "./run-scope";
import { streamKey } from "./stream-key";
import { alreadySent, sentHash, textHash } from "./already-sent";
import { defineTool } from "./tool";
import { threadTarget } from "./thread-target";
import { createQuestion } from "../runs/questions";
import { whoToAsk } from "./who-to-ask";

/** A wait is refused when less run time than this is left: the resumed model call needs room. */
export const MIN_TIME_TO_RESUME_MS = 60_000;

export const sendMessageTool = defineTool({
  name: "send_message",
  description:
    "Post a message in the active space. Use messageId to reply to a message; threadId to post in a thread (a run woken in a thread posts there by default); wait=true asks a question and pauses this run until the asked person answers (askTo: by default whoever started this run).",
  // messageId comes before text: the reply target is checked before any draft of the text is streamed (draft-stream.ts).
  inputSchema: z.object({
    messageId: z.string().optional().describe("Reply to this message (msg:… id without the prefix); resumes a run waiting on it"),
    threadId: z
      .string()
      .max(80)
      .optional()
      .describe('Post in this thread (its root\'s msg:… id). Default: the thread that woke this run, when its space is active; "channel" posts in the channel'),
    wait: z.boolean().optional().describe("Ask a question: pause this run until the asked person answers (or the wait times out)"),
    askTo: z
      .string()
      .max(64)
      .optional()
      .describe('With wait: who must answer, an entity id (or exact name) of a member of the active space, or "anyone". Default: whoever started this run'),
    options: z
      .array(z.string().min(1).max(MAX_QUESTION_OPTION_LENGTH))
      .max(MAX_QUESTION_OPTIONS)
      .optional()
      .describe(`With wait: up to ${MAX_QUESTION_OPTIONS} short choices shown to the asked person as buttons`),
    text: z.string().describe("Markdown text to post in the active space"),
  }),
  async execute(scope, input, toolCallId) {
    const { ctx, state } = scope;
    const spaceId = state.activeSpaceId;
    if (!spaceId) throw new AppError("bad_request", "No active space: call enter_space first.");
    if (!input.text.trim()) throw new AppError("bad_request", "text is empty");
    if (input.text.length > MAX_MESSAGE_LENGTH) throw new AppError("payload_too_large", `text is longer than ${MAX_MESSAGE_LENGTH} characters`);
    const actor = { entityId: scope.agent.entityId };
    requireInReach(scope.run.reach, spaceId);
    // Membership and the quoted message are checked by the send itself, in its one statement.
    // A wait begins before the send, so for a question they are checked here first.
    if (input.wait) await requireMembership(ctx.db, spaceId, actor.entityId);
    if (!input.wait && (input.askTo || input.options?.length)) throw new AppError("bad_request", "askTo and options are for questions: send with wait=true.");
    const options = [...new Set((input.options ?? []).map((o) => o.trim()).filter(Boolean))];
    // Who must answer, checked before anything is posted: a member of this space, within the run's rules.
    const asked = input.wait ? await whoToAsk(ctx.db, scope.run, scope.agent.entityId, spaceId, input.askTo) : null;
    // A run canceled meanwhile (by an admin or stop_run, perhaps on another process) posts nothing more.
    const run = await ctx.db.run.findUniqueOrThrow({ where: { id: scope.run.id }, select: { status: true, startedAt: true, stepCount: true } });
    if (run.status !== "running") throw new AppError("conflict", `This run is ${run.status}; nothing more can be sent from it.`);
    const threadRootId = await threadTarget(scope, spaceId, input.threadId);
    // A thread reply answers its thread: a reply target in it is the thread itself.
    const replyTo = threadRootId ? undefined : input.messageId?.replace(/^msg:/, "");
    const shape = { text: input.text, replyTo: replyTo ?? null, wait: !!input.wait };
    const earlier = await alreadySent(ctx, scope.run, actor.entityId, spaceId, shape, toolCallId);
    if (earlier) {
      noteSeen(scope, spaceId, earlier.seq, earlier.seq);
      return earlier.result;
    }
    if (replyTo && input.wait) {
      const parent = await ctx.db.message.findUnique({ where: { id: replyTo }, select: { spaceId: true } });
      if (parent?.spaceId !== spaceId) throw new AppError("bad_request", "The message you reply to is not in the active space.");
    }

    if (input.wait) {
      if (state.waitCount >= MAX_WAITS_PER_RUN)
        throw new AppError("rate_limited", `This run already waited ${MAX_WAITS_PER_RUN} times (the limit); send without wait.`);
      // The resumed call needs time and a step of its own; without them the answer would be swallowed by a run that cannot resume.
      const left = (run.startedAt?.getTime() ?? Date.now()) + scope.agent.maxRunDurationMs - ctx.clock.now().getTime();
      if (left < MIN_TIME_TO_RESUME_MS) throw new AppError("rate_limited", "Too little run time is left to wait for a reply; send without wait.");
      if (scope.agent.maxToolSteps - run.stepCount < 2)
        throw new AppError("rate_limited", "Too few tool steps are left to wait for a reply; send without wait.");
      // Saved before posting, so a reply that lands right after the question is never missed.
      const wait = await beginWait(ctx, { id: scope.run.id, agentId: scope.agent.id }, spaceId, {
        maxWaitMs: left - MIN_TIME_TO_RESUME_MS / 2,
        maxWaitingRuns: scope.agent.maxWaitingRuns,
        threadRootId,
        timeoutMs: scope.agent.waitTimeoutMs,
        asked,
      });
      if (wait === "full") {
        throw new AppError("rate_limited", `You already have ${scope.agent.maxWaitingRuns} waiting runs (the limit); send without wait.`);
      }
      if (wait === "not_running") throw new AppError("conflict", "This run is no longer running.");
    }
    let sent;
    try {
      sent = await sendMessage(ctx, actor, {
        spaceId,
        text: input.text,
        replyToMessageId: replyTo,
        threadRootId,
        clientMessageId: streamKey(scope.run, toolCallId),
        runId: scope.run.id,
        chainDepth: scope.run.chainDepth,
        origin: { ...scope.origin, ...(input.wait ? { expectsReply: true } : {}) } as object,
      });
    } catch (e) {
      if (input.wait)
        await transition(ctx, scope.run.id, "running", { waitState: Prisma.DbNull, waitCount: { decrement: 1 } }, "the question could not be posted");
      throw e;
    }
    const m = sent.message;
    // The agent knows its own message; the cursor crosses it only if everything before it was shown.
    noteSeen(scope, spaceId, m.seq, m.seq);
    await appendRunEvent(ctx, scope.run.id, "message_sent", {
      messageId: m.id,
      spaceId,
      text: m.text,
      wait: !!input.wait,
      toolCallId,
      sentHash: sentHash(shape),
      textHash: textHash(shape),
      callKey: scope.run.callKey ?? "-",
    });
    if (input.wait) {
      state.waitCount++;
      state.paused = true;
      // The question's row first: attachQuestion is the wait's last write before the call ends.
      const timeoutAt = await waitTimeoutAt(ctx, scope.run.id);
      await createQuestion(ctx, { messageId: m.id, runId: scope.run.id, spaceId, asked, options, expiresAt: timeoutAt, agentName: scope.agent.name });
      await attachQuestion(ctx, scope.run.id, m.id);
      const who = asked ? asked.name : "someone";
      return {
        status: "waiting",
        messageId: m.id,
        note: `This run pauses now and resumes when ${who} answers, or at ${timeoutAt.toISOString()} without an answer.`,
      };
    }
    return { status: "sent", messageId: m.id, spaceId, seq: m.seq, ...(threadRootId ? { threadId: threadRootId } : {}) };
  },
});

/** When the wait just saved times out (the agent's setting, capped by the run's time left). */
async function waitTimeoutAt(ctx: { db: import("../../db/client").Db }, runId: string): Promise<Date> {
  const run = await ctx.db.run.findUnique({ where: { id: runId }, select: { waitState: true } });
  const at = (run?.waitState as { timeoutAt?: string } | null)?.timeoutAt;
  return at ? new Date(at) : new Date();
}
