// send_message, enter_space, read_messages. Every space a tool names is
// checked for membership on the server; the agent's text output is never posted.
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { MAX_MESSAGE_LENGTH, MAX_WAITS_PER_RUN, READ_MESSAGES_LIMIT } from "@/lib/limits";
import { sendMessage } from "../../domain/messages/send-message";
import { requireMembership } from "../../domain/spaces/require-membership";
import { AppError } from "../../domain/errors";
import { loadHistory } from "../context/load-context";
import { messageLine } from "../context/format";
import { attachQuestion, beginWait } from "../runs/waits";
import { broadcastRun, transition } from "../runs/transitions";
import { appendRunEvent } from "../runs/run-events";
import { noteSeen, type RunScope } from "./run-scope";
import { requireInReach } from "../reach/reach";

export const sendMessageSchema = z.object({
  text: z.string().describe("Markdown text to post in the active space"),
  messageId: z.string().optional().describe("Reply to this message (msg:… id without the prefix); resumes a run waiting on it"),
  wait: z.boolean().optional().describe("Pause this run until someone replies (or 5 minutes pass)"),
});

/** The clientMessageId of the message a tool call posts: lets the streamed draft and the final message meet. */
/** A wait is refused when less run time than this is left: the resumed model call needs room. */
export const MIN_TIME_TO_RESUME_MS = 60_000;

export const streamKey = (runId: string, toolCallId: string) => `run:${runId}:${toolCallId}`.slice(0, 100);

export async function sendMessageTool(scope: RunScope, input: z.infer<typeof sendMessageSchema>, toolCallId: string) {
  const { ctx, state } = scope;
  const spaceId = state.activeSpaceId;
  if (!spaceId) throw new AppError("bad_request", "No active space: call enter_space first.");
  if (!input.text.trim()) throw new AppError("bad_request", "text is empty");
  if (input.text.length > MAX_MESSAGE_LENGTH) throw new AppError("payload_too_large", `text is longer than ${MAX_MESSAGE_LENGTH} characters`);
  const actor = { entityId: scope.agent.entityId };
  requireInReach(scope.run.reach, spaceId);
  await requireMembership(ctx.db, spaceId, actor.entityId);
  // A run canceled meanwhile (by an admin or stop_run, perhaps on another process) posts nothing more.
  const run = await ctx.db.run.findUniqueOrThrow({ where: { id: scope.run.id }, select: { status: true, startedAt: true, stepCount: true } });
  if (run.status !== "running") throw new AppError("conflict", `This run is ${run.status}; nothing more can be sent from it.`);
  const replyTo = input.messageId?.replace(/^msg:/, "");
  if (replyTo) {
    const parent = await ctx.db.message.findUnique({ where: { id: replyTo }, select: { spaceId: true } });
    if (parent?.spaceId !== spaceId) throw new AppError("bad_request", `Message ${replyTo} is not in the active space.`);
  }

  if (input.wait) {
    if (state.waitCount >= MAX_WAITS_PER_RUN) throw new AppError("rate_limited", `This run already waited ${MAX_WAITS_PER_RUN} times (the limit); send without wait.`);
    // The resumed call needs time and a step of its own; without them the answer would be swallowed by a run that cannot resume.
    const left = (run.startedAt?.getTime() ?? Date.now()) + scope.agent.maxRunDurationMs - ctx.clock.now().getTime();
    if (left < MIN_TIME_TO_RESUME_MS) throw new AppError("rate_limited", "Too little run time is left to wait for a reply; send without wait.");
    if (scope.agent.maxToolSteps - run.stepCount < 2) throw new AppError("rate_limited", "Too few tool steps are left to wait for a reply; send without wait.");
    // Saved before posting, so a reply that lands right after the question is never missed.
    const wait = await beginWait(ctx, { id: scope.run.id, agentId: scope.agent.id }, spaceId, {
      maxWaitMs: left - MIN_TIME_TO_RESUME_MS / 2,
      maxWaitingRuns: scope.agent.maxWaitingRuns,
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
      clientMessageId: streamKey(scope.run.id, toolCallId),
      runId: scope.run.id,
      chainDepth: scope.run.chainDepth,
      origin: { ...scope.origin, ...(input.wait ? { expectsReply: true } : {}) } as object,
    });
  } catch (e) {
    if (input.wait) await transition(ctx, scope.run.id, "running", { waitState: Prisma.DbNull, waitCount: { decrement: 1 } }, "the question could not be posted");
    throw e;
  }
  const m = sent.message;
  noteSeen(scope, spaceId, m.seq, m.id);
  await appendRunEvent(ctx, scope.run.id, "message_sent", { messageId: m.id, spaceId, text: m.text, wait: !!input.wait });
  if (input.wait) {
    state.waitCount++;
    state.paused = true;
    await attachQuestion(ctx, scope.run.id, m.id);
    return { status: "waiting", messageId: m.id, note: "This run pauses now and resumes when someone replies or after 5 minutes." };
  }
  return { status: "sent", messageId: m.id, spaceId, seq: m.seq };
}

export const enterSpaceSchema = z.object({ spaceId: z.string().describe("Id of a space you are a member of") });

export async function enterSpaceTool(scope: RunScope, input: z.infer<typeof enterSpaceSchema>) {
  const { ctx } = scope;
  requireInReach(scope.run.reach, input.spaceId);
  await requireMembership(ctx.db, input.spaceId, scope.agent.entityId);
  const space = await ctx.db.space.findUniqueOrThrow({
    where: { id: input.spaceId },
    select: { id: true, name: true, kind: true, memberships: { select: { entity: { select: { id: true, name: true, type: true } } } } },
  });
  scope.state.activeSpaceId = space.id;
  await ctx.db.run.update({ where: { id: scope.run.id }, data: { activeSpaceId: space.id } });
  await broadcastRun(ctx, scope.run.id); // the new space shows "thinking…" too
  return {
    activeSpace: { id: space.id, name: space.name, kind: space.kind },
    members: space.memberships.map((m) => `${m.entity.name} (${m.entity.type}, id:${m.entity.id})`),
    hint: "Call read_messages to see its recent history.",
  };
}

export const readMessagesSchema = z.object({
  spaceId: z.string().optional().describe("Defaults to the active space"),
  limit: z.number().int().min(1).max(READ_MESSAGES_LIMIT).optional().describe(`How many messages (default and max ${READ_MESSAGES_LIMIT})`),
  offset: z.number().int().min(0).optional().describe("Skip this many of the newest messages, to page back"),
});

export async function readMessagesTool(scope: RunScope, input: z.infer<typeof readMessagesSchema>) {
  const spaceId = input.spaceId ?? scope.state.activeSpaceId;
  if (!spaceId) throw new AppError("bad_request", "No spaceId given and no active space.");
  requireInReach(scope.run.reach, spaceId);
  await requireMembership(scope.ctx.db, spaceId, scope.agent.entityId);
  const h = await loadHistory(scope.ctx.db, spaceId, scope.agent.entityId, input.limit ?? READ_MESSAGES_LIMIT, input.offset ?? 0);
  const last = h.messages.at(-1);
  if (last) noteSeen(scope, spaceId, last.seq, last.id);
  return {
    space: { id: h.space.id, name: h.space.name },
    messages: h.messages.map((m) => messageLine(m, { seen: m.seq <= h.lastProcessedSeq, spaceId, viewerId: scope.agent.entityId, reach: scope.run.reach })),
    count: h.messages.length,
  };
}
