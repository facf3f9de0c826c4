// Waiting for a reply. A wait is saved *before* its question is posted, so
// a reply can never slip in between; the run is "parked" (resumeAt set) only once its
// model call has ended, so a fast reply cannot start a second execution of the same run.
//
//   send_message(wait)  →  beginWait: status waiting_reply, waitState{afterSeq}, resumeAt NULL
//   question posted     →  attachQuestion: waitState.messageId
//   model call ends     →  park: resumeAt = now if a reply is already there, else the timeout
//   a later message     →  resolveWaitsFor: waitState.reply, resumeAt = now (if parked)
//   worker              →  claims waiting runs with resumeAt <= now and resumes them
import type { MessageDto } from "@/lib/realtime/dto";
import { WAIT_TIMEOUT_MS } from "@/lib/limits";
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
}

/** What the resumed model call is told: the result of its send_message(wait: true). */
export interface WaitResult {
  reply: Omit<WaitReply, "messageId" | "resolvedAt"> | null;
  waitDuration: string;
  status: "resolved" | "timeout";
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
  opts: { maxWaitMs: number; maxWaitingRuns: number; threadRootId?: string },
): Promise<"waiting" | "full" | "not_running"> {
  const now = ctx.clock.now();
  return enterWait(ctx, run, opts.maxWaitingRuns, async (tx) => {
    const space = await tx.space.findUniqueOrThrow({ where: { id: spaceId }, select: { lastSeq: true } });
    const state: WaitState = {
      spaceId,
      afterSeq: space.lastSeq,
      since: now.toISOString(),
      timeoutAt: new Date(now.getTime() + Math.min(WAIT_TIMEOUT_MS, opts.maxWaitMs)).toISOString(),
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
 * before it, or waiting on the message it replies to. First reply wins. Returns the agent
 * ids whose run was resolved (they get no new run for this message: the resumed one sees it).
 */
export async function resolveWaitsFor(ctx: GatewayCtx, m: MessageDto, replierReach: readonly string[]): Promise<Set<string>> {
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
  // A thread reply (also one sent to the channel) answers only waits asked in its thread.
  const inChannel = !m.threadRootId;
  // The resumed run acts on this reply too, so (as when a message folds into a queued run) it
  // may from now on reach only what the replier can see. Narrowed in the same UPDATE that
  // resolves the wait, so no resume can start with the wider reach. `replierReach` is the
  // sender's reach (senderScope in reach.ts).
  const rows = await ctx.db.$queryRaw<{ id: string; agentId: string }[]>`
    UPDATE "Run" r SET "waitState" = jsonb_set(r."waitState", '{reply}', ${JSON.stringify(reply)}::jsonb),
                       "reach" = ARRAY(SELECT s FROM unnest(r."reach") AS s WHERE s = ANY(${[...replierReach]}::text[])),
                       "resumeAt" = CASE WHEN r."resumeAt" IS NULL THEN NULL ELSE ${now.toISOString()}::timestamp END
    FROM "Agent" a
    WHERE a.id = r."agentId" AND a."entityId" <> ${m.sender.id}
      AND EXISTS (SELECT 1 FROM "Membership" mb WHERE mb."spaceId" = ${m.spaceId} AND mb."entityId" = a."entityId")
      AND r.status = 'waiting_reply' AND NOT (r."waitState" ? 'reply')
      AND ((r."waitState"->>'spaceId' = ${m.spaceId} AND (r."waitState"->>'afterSeq')::int < ${m.seq}
            -- a wait asked in a thread is answered in that thread; one asked in the channel, in the channel
            AND COALESCE(r."waitState"->>'threadRootId', '') = ${inChannel ? "" : (m.threadRootId ?? "")})
           OR (${m.replyToMessageId}::text IS NOT NULL AND r."waitState"->>'messageId' = ${m.replyToMessageId}::text))
    RETURNING r.id, r."agentId"`;
  for (const r of rows) {
    await appendRunEvent(ctx, r.id, "wait_resolved", { messageId: m.id, by: m.sender.name });
    await broadcastRun(ctx, r.id);
  }
  if (rows.length) ctx.kick();
  return new Set(rows.map((r) => r.agentId));
}

export function waitResult(state: WaitState, now: Date): WaitResult {
  const end = state.reply ? new Date(state.reply.resolvedAt ?? state.reply.timestamp) : now;
  const seconds = Math.max(0, Math.round((end.getTime() - new Date(state.since).getTime()) / 1000));
  const waitDuration = seconds >= 60 ? `${Math.floor(seconds / 60)}m ${seconds % 60}s` : `${seconds}s`;
  if (!state.reply) return { reply: null, waitDuration, status: "timeout" };
  const r = state.reply;
  // Fixed key order (jsonb does not keep it): the model reads the same shape every time.
  const reply = { entityId: r.entityId, entityName: r.entityName, entityType: r.entityType, text: r.text, timestamp: r.timestamp };
  return { reply, waitDuration, status: "resolved" };
}
