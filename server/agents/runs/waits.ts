// Waiting for a reply. A wait is saved *before* its question is posted, so
// a reply can never slip in between; the run is "parked" (resumeAt set) only once its
// model call has ended, so a fast reply cannot start a second execution of the same run.
//
//   send_message(wait)  →  beginWait: status waiting_reply, waitState{afterSeq}, resumeAt NULL
//   question posted     →  attachQuestion: waitState.messageId
//   model call ends     →  park: resumeAt = now if a reply is already there, else the timeout
//   a later message     →  resolveWaitsFor: waitState.reply, resumeAt = now (if parked), when it
//                          is the asked entity's answer; anyone else's is noted in waitState.notAnswers
//   worker              →  claims waiting runs with resumeAt <= now and resumes them
import type { MessageDto } from "@/lib/realtime/dto";
import { MAX_NOT_ANSWERS_PER_WAIT, WAIT_TIMEOUT_MS } from "@/lib/limits";
import { mentions } from "@/lib/agents/reply-modes";
import { answerQuestion } from "./questions";
import type { GatewayCtx } from "../gateway-context";
import { appendRunEvent } from "./run-events";
import { broadcastRun } from "./broadcast-run";
import { enterWait } from "./transitions";

export interface WaitReply {
  entityId: string;
  entityName: string;
  entityType: "human" | "agent";
  text: string;
  timestamp: string;
  messageId: string;
  /** Gateway clock time the wait was resolved (the message timestamp is the database's). */
  resolvedAt?: string;
}

export interface WaitState {
  spaceId: string;
  /** Messages after this seq (from anyone but the agent) answer the wait. */
  afterSeq: number;
  messageId?: string;
  since: string;
  timeoutAt: string;
  reply?: WaitReply;
  /** Asked in this thread: only a message in it answers. */
  threadRootId?: string;
  /**
   * Who must answer: only their message resolves the wait. Null: anyone (but the agent).
   * Absent on waits saved before questions named a person (anyone, as then).
   */
  askedEntityId?: string | null;
  askedName?: string | null;
  /** Messages from others that arrived during the wait and were not its answer (the newest few). */
  notAnswers?: { messageId: string; entityName: string; text: string }[];
}

/** What the resumed model call is told: the result of its send_message(wait: true). */
export interface WaitResult {
  reply: Omit<WaitReply, "messageId" | "resolvedAt"> | null;
  waitDuration: string;
  status: "resolved" | "timeout";
  /** 'Cleo wrote "…" (not the answer: you asked Ben)', for each message that did not resolve the wait. */
  notAnswers?: string[];
}

/**
 * Saves the wait and moves the run running → waiting_reply (enterWait, transitions.ts, keeps
 * the agent's waiting-runs limit). `maxWaitMs` caps the timeout so the run can still resume
 * within its maximum duration.
 */
export async function beginWait(
  ctx: GatewayCtx,
  run: { id: string; agentId: string },
  spaceId: string,
  opts: { maxWaitMs: number; maxWaitingRuns: number; threadRootId?: string; timeoutMs?: number; asked?: { id: string; name: string } | null },
): Promise<"waiting" | "full" | "not_running"> {
  const now = ctx.clock.now();
  return enterWait(ctx, run, opts.maxWaitingRuns, async (tx) => {
    const space = await tx.space.findUniqueOrThrow({ where: { id: spaceId }, select: { lastSeq: true } });
    const state: WaitState = {
      spaceId,
      afterSeq: space.lastSeq,
      since: now.toISOString(),
      timeoutAt: new Date(now.getTime() + Math.min(opts.timeoutMs ?? WAIT_TIMEOUT_MS, opts.maxWaitMs)).toISOString(),
      askedEntityId: opts.asked?.id ?? null,
      askedName: opts.asked?.name ?? null,
      ...(opts.threadRootId ? { threadRootId: opts.threadRootId } : {}),
    };
    return state;
  });
}

export async function attachQuestion(ctx: GatewayCtx, runId: string, messageId: string): Promise<void> {
  await ctx.db.$executeRaw`
    UPDATE "Run" SET "waitState" = jsonb_set("waitState", '{messageId}', to_jsonb(${messageId}::text))
    WHERE id = ${runId} AND status = 'waiting_reply'`;
  await appendRunEvent(ctx, runId, "wait_started", { messageId });
}

/** The model call that asked has ended: the run may now be resumed by the worker. */
export async function park(ctx: GatewayCtx, runId: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.$executeRaw`
    UPDATE "Run" SET "resumeAt" = CASE WHEN "waitState" ? 'reply' THEN ${now.toISOString()}::timestamp
                                       ELSE ("waitState"->>'timeoutAt')::timestamp END
    WHERE id = ${runId} AND status = 'waiting_reply'`;
  ctx.kick();
}

/**
 * Resolves every waiting run this message answers: runs waiting in its space on a message
 * before it, or waiting on the message it replies to, whose question asked this sender (or
 * anyone). The asked entity's reply to the question always answers it; their other messages
 * in the space answer it too, unless they clearly address someone else (a reply to another's
 * message, or naming another agent of the space and not this one): people answer in the flow
 * of the conversation, as in any chat. A message from anyone else does not resolve the wait;
 * it is noted on the wait, and the resumed run is told it was not the answer. First answer
 * wins. Returns the agent ids whose run was resolved (they get no new run for this message:
 * the resumed one sees it).
 */
export async function resolveWaitsFor(ctx: GatewayCtx, m: MessageDto, replierReach: readonly string[]): Promise<Set<string>> {
  // A thread reply (also one sent to the channel) answers only waits asked in its thread.
  const inChannel = !m.threadRootId;
  const candidates = await ctx.db.$queryRaw<{ id: string; agentId: string; entityId: string; waitState: WaitState }[]>`
    SELECT r.id, r."agentId", a."entityId", r."waitState" FROM "Run" r JOIN "Agent" a ON a.id = r."agentId"
    WHERE a."entityId" <> ${m.sender.id}
      AND EXISTS (SELECT 1 FROM "Membership" mb WHERE mb."spaceId" = ${m.spaceId} AND mb."entityId" = a."entityId")
      AND r.status = 'waiting_reply' AND NOT (r."waitState" ? 'reply')
      AND ((r."waitState"->>'spaceId' = ${m.spaceId} AND (r."waitState"->>'afterSeq')::int < ${m.seq}
            -- a wait asked in a thread is answered in that thread; one asked in the channel, in the channel
            AND COALESCE(r."waitState"->>'threadRootId', '') = ${inChannel ? "" : (m.threadRootId ?? "")})
           OR (${m.replyToMessageId}::text IS NOT NULL AND r."waitState"->>'messageId' = ${m.replyToMessageId}::text))`;
  if (!candidates.length) return new Set();
  const elsewhere = await addressedElsewhere(ctx, m);
  const resolved = new Set<string>();
  for (const c of candidates) {
    const w = c.waitState;
    const asked = w.askedEntityId ?? null;
    const repliesToQuestion = !!m.replyToMessageId && m.replyToMessageId === w.messageId;
    if (asked !== null && asked !== m.sender.id) {
      await noteNotAnswer(ctx, c.id, w, m);
      continue;
    }
    if (!repliesToQuestion && elsewhere(c.entityId)) continue;
    if (await resolveOne(ctx, c.id, m, replierReach)) {
      resolved.add(c.agentId);
      if (w.messageId) await answerQuestion(ctx, w.messageId, { entityId: m.sender.id, entityName: m.sender.name, text: m.text });
    }
  }
  if (resolved.size) ctx.kick();
  return resolved;
}

/** Whether the message clearly speaks to someone other than the agent `entityId` (see resolveWaitsFor). */
async function addressedElsewhere(ctx: GatewayCtx, m: MessageDto): Promise<(entityId: string) => boolean> {
  const repliedTo = m.replyToMessageId
    ? ((await ctx.db.message.findUnique({ where: { id: m.replyToMessageId }, select: { senderId: true } }))?.senderId ?? null)
    : null;
  const agents = await ctx.db.entity.findMany({
    where: { type: "agent", memberships: { some: { spaceId: m.spaceId } } },
    select: { id: true, name: true },
  });
  const named = new Set(agents.filter((a) => mentions(m.text, a.name)).map((a) => a.id));
  return (entityId) => (repliedTo !== null && repliedTo !== entityId) || (named.size > 0 && !named.has(entityId));
}

async function resolveOne(ctx: GatewayCtx, runId: string, m: MessageDto, replierReach: readonly string[]): Promise<boolean> {
  const reply: WaitReply = {
    entityId: m.sender.id,
    entityName: m.sender.name,
    entityType: m.sender.type,
    text: m.text,
    timestamp: m.createdAt,
    messageId: m.id,
  };
  const now = ctx.clock.now();
  reply.resolvedAt = now.toISOString();
  // The resumed run acts on this reply too, so (as when a message folds into a queued run) it
  // may from now on reach only what the replier can see. Narrowed in the same UPDATE that
  // resolves the wait, so no resume can start with the wider reach. `replierReach` is the
  // sender's reach (senderScope in reach.ts).
  const rows = await ctx.db.$queryRaw<{ id: string }[]>`
    UPDATE "Run" r SET "waitState" = jsonb_set(r."waitState", '{reply}', ${JSON.stringify(reply)}::jsonb),
                       "reach" = ARRAY(SELECT s FROM unnest(r."reach") AS s WHERE s = ANY(${[...replierReach]}::text[])),
                       "resumeAt" = CASE WHEN r."resumeAt" IS NULL THEN NULL ELSE ${now.toISOString()}::timestamp END
    WHERE r.id = ${runId} AND r.status = 'waiting_reply' AND NOT (r."waitState" ? 'reply')
    RETURNING r.id`;
  if (!rows.length) return false;
  await appendRunEvent(ctx, runId, "wait_resolved", { messageId: m.id, by: m.sender.name });
  await broadcastRun(ctx, runId);
  return true;
}

/** Someone who was not asked wrote during the wait: kept on the wait (the newest few), for the resumed run. */
async function noteNotAnswer(ctx: GatewayCtx, runId: string, w: WaitState, m: MessageDto): Promise<void> {
  if (w.spaceId !== m.spaceId) return;
  const item = { messageId: m.id, entityName: m.sender.name, text: m.text.slice(0, 200) };
  const notAnswers = [...(w.notAnswers ?? []), item].slice(-MAX_NOT_ANSWERS_PER_WAIT);
  await ctx.db.$executeRaw`
    UPDATE "Run" SET "waitState" = jsonb_set("waitState", '{notAnswers}', ${JSON.stringify(notAnswers)}::jsonb)
    WHERE id = ${runId} AND status = 'waiting_reply' AND NOT ("waitState" ? 'reply')`;
  await appendRunEvent(ctx, runId, "wait_not_answer", { messageId: m.id, by: m.sender.name, asked: w.askedName ?? "someone else" });
}

export function waitResult(state: WaitState, now: Date): WaitResult {
  const end = state.reply ? new Date(state.reply.resolvedAt ?? state.reply.timestamp) : now;
  const seconds = Math.max(0, Math.round((end.getTime() - new Date(state.since).getTime()) / 1000));
  const waitDuration = seconds >= 60 ? `${Math.floor(seconds / 60)}m ${seconds % 60}s` : `${seconds}s`;
  if (!state.reply) return { reply: null, waitDuration, status: "timeout", ...notAnswersOf(state) };
  const r = state.reply;
  // Fixed key order (jsonb does not keep it): the model reads the same shape every time.
  const reply = { entityId: r.entityId, entityName: r.entityName, entityType: r.entityType, text: r.text, timestamp: r.timestamp };
  return { reply, waitDuration, status: "resolved", ...notAnswersOf(state) };
}

/** The non-answers as the resumed run reads them; the quoted text is data in the JSON tool result, never instructions. */
function notAnswersOf(state: WaitState): { notAnswers?: string[] } {
  if (!state.notAnswers?.length) return {};
  const asked = state.askedName ?? "someone else";
  return { notAnswers: state.notAnswers.map((n) => `${n.entityName} wrote ${JSON.stringify(n.text)} (not the answer: you asked ${asked})`) };
}
