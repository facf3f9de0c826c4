// One model call of a run: build the context, call the model with the
// tools, stream send_message drafts to the space, record every step, then complete,
// park for a wait, or fail with a readable reason and the partial output.
import { parsePartialJson, stepCountIs, streamText } from "ai";
import { rooms } from "@/lib/realtime/events";
import { toEntityDto } from "../../domain/dto";
import { isAppError } from "../../domain/errors";
import { log } from "../../log";
import type { GatewayCtx } from "../gateway-context";
import { loadContext } from "../context/load-context";
import { buildContext } from "../context/build-context";
import { CONTEXT_SHARE } from "../context/budget";
import type { MessageOrigin } from "../context/context-input";
import { buildTools } from "../tools/build-tools";
import { streamKey } from "../tools/stream-key";
import type { RunScope } from "../tools/run-scope";
import { appendRunEvent } from "./run-events";
import { finishRun } from "./transitions";
import { isTerminalStatus } from "@/lib/runs/run-status";
import { park } from "./waits";
import { advanceCursors } from "./cursors";
import { startHeartbeat } from "./lease";
import { currentReach, inReach } from "../reach/reach";
import { MAX_MESSAGE_LENGTH } from "@/lib/limits";

/** Marks an abort we caused, so its reason becomes the run's error. */
class RunLimit extends Error {}

/** Abort reason on graceful shutdown: the run stays `running` and is recovered on the next start. */
export class ShutdownAbort extends Error {}

export const RUN_PROMPT = "Your run has started. Act on the TRIGGER above, or end without sending anything if you have nothing to add.";

export async function executeRun(ctx: GatewayCtx, runId: string): Promise<void> {
  const run = await ctx.db.run.findUnique({ where: { id: runId }, include: { agent: { include: { entity: true } } } });
  if (!run || run.status !== "running") return;
  const { agent } = run;
  const abort = new AbortController();
  ctx.executing.set(runId, abort);
  const stopHeartbeat = startHeartbeat(ctx, runId, abort);
  const drafts = new Map<string, string>();
  let text = "";
  let timer: NodeJS.Timeout | undefined;

  const scope: RunScope = {
    ctx,
    run: {
      id: run.id,
      chainDepth: run.chainDepth,
      triggerType: run.triggerType,
      triggerSpaceId: run.triggerSpaceId,
      reach: await narrowToRequester(ctx, run),
      requesterId: run.requesterId,
    },
    agent: {
      id: agent.id,
      entityId: agent.entityId,
      name: agent.entity.name,
      maxWaitingRuns: agent.maxWaitingRuns,
      maxRunDurationMs: agent.maxRunDurationMs,
      maxToolSteps: agent.maxToolSteps,
    },
    origin: await originOf(ctx, run),
    state: {
      activeSpaceId: run.activeSpaceId,
      paused: false,
      stopped: false,
      waitCount: run.waitCount,
      seen: (run.seenCursors as RunScope["state"]["seen"] | null) ?? {},
    },
  };

  const ended = { id: runId, entityId: agent.entityId, seen: scope.state.seen };

  try {
    const now = ctx.clock.now();
    const deadline = (run.startedAt ?? now).getTime() + agent.maxRunDurationMs;
    const tooLong = () => new RunLimit(`Run exceeded the maximum duration of ${humanDuration(agent.maxRunDurationMs)}`);
    if (now.getTime() >= deadline) throw tooLong();
    // setTimeout fires at once for delays above 2^31-1 ms (~24.8 days): clamp.
    timer = setTimeout(() => abort.abort(tooLong()), Math.min(deadline - now.getTime(), 2 ** 31 - 1));
    const remainingSteps = agent.maxToolSteps - run.stepCount;
    if (remainingSteps <= 0) throw new RunLimit(`Run exceeded the limit of ${agent.maxToolSteps} tool steps`);

    const resolved = ctx.models({
      id: agent.id,
      name: agent.entity.name,
      provider: agent.provider,
      modelId: agent.modelId,
      modelSettings: agent.modelSettings,
    });
    const input = await loadContext(
      ctx.db,
      run,
      { id: agent.id, entityId: agent.entityId, name: agent.entity.name, persona: agent.persona, instructions: agent.instructions },
      { now, maxTokens: Math.floor(resolved.contextTokens * CONTEXT_SHARE) },
    );
    const built = buildContext(input);
    // The context checked the active space (in reach, still a member); tools and drafts start from that.
    scope.state.activeSpaceId = input.activeSpace?.id ?? null;
    if (built.seen) scope.state.seen[built.seen.spaceId] ??= { seq: 0, messageId: "" };
    if (built.seen && scope.state.seen[built.seen.spaceId]!.seq < built.seen.seq) {
      scope.state.seen[built.seen.spaceId] = { seq: built.seen.seq, messageId: built.seen.messageId };
    }
    await ctx.db.run.update({ where: { id: runId }, data: { contextSnapshot: built.text, seenCursors: scope.state.seen } });
    await appendRunEvent(ctx, runId, "context", {
      tokens: built.tokens,
      omittedSeen: built.omittedSeen,
      resumed: input.resume ? input.resume.result : null,
      model: `${agent.provider}/${agent.modelId}`,
    });

    // Only the static part (identity, persona, admin instructions) is in the system role; the
    // timeline carries people's words, so it goes in a user message where it cannot pose as ours.
    const result = streamText({
      model: resolved.model,
      instructions: built.staticPart,
      prompt: `${built.dynamicPart}\n\n${RUN_PROMPT}`,
      tools: buildTools(scope, agent.enabledTools),
      stopWhen: [stepCountIs(remainingSteps), () => scope.state.paused || scope.state.stopped],
      abortSignal: abort.signal,
      temperature: resolved.temperature,
      maxOutputTokens: resolved.maxOutputTokens,
      maxRetries: 1,
      onStepFinish: async (step) => {
        const usage = step.usage;
        await ctx.db.run.update({
          where: { id: runId },
          data: {
            stepCount: { increment: step.toolCalls.length ? 1 : 0 },
            inputTokens: { increment: usage.inputTokens ?? 0 },
            outputTokens: { increment: usage.outputTokens ?? 0 },
            totalTokens: { increment: usage.totalTokens ?? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0) },
          },
        });
        await appendRunEvent(ctx, runId, "model_step", {
          text: step.text,
          toolCalls: step.toolCalls.map((c) => c.toolName),
          finishReason: step.finishReason,
          usage: { input: usage.inputTokens ?? 0, output: usage.outputTokens ?? 0 },
        });
      },
    });

    let streamError: unknown;
    let lastPublish = 0;
    // Tool calls of this step that have not finished: one of them may change where a send_message
    // posts (enter_space), so no draft is streamed until they are done and the target is known.
    const unfinished = new Set<string>();
    const draft = (id: string) => (unfinished.size === 0 ? publishDraft(ctx, scope, run, agent.entity, id, drafts.get(id)!) : undefined);
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") text += part.text;
      else if (part.type === "tool-input-start" && part.toolName === "send_message") drafts.set(part.id, "");
      else if (part.type === "tool-input-delta" && drafts.has(part.id)) {
        drafts.set(part.id, drafts.get(part.id)! + part.delta);
        if (Date.now() - lastPublish > 40) {
          lastPublish = Date.now();
          await draft(part.id);
        }
      } else if (part.type === "tool-input-end" && drafts.has(part.id)) {
        await draft(part.id);
      } else if (part.type === "tool-call") unfinished.add(part.toolCallId);
      else if (part.type === "tool-result" || part.type === "tool-error") {
        unfinished.delete(part.toolCallId);
        drafts.delete(part.toolCallId);
      } else if (part.type === "error") streamError = part.error;
      else if (part.type === "abort") streamError = abort.signal.reason ?? new Error("aborted");
    }
    if (streamError) throw streamError;
    const allSteps = await result.steps;
    const last = allSteps.at(-1);

    if (scope.state.stopped) {
      await finishRun(ctx, ended, "canceled", { statusReason: "stopped itself with stop_run" });
    } else if (scope.state.paused) {
      await park(ctx, runId);
    } else if (last?.finishReason === "tool-calls" && allSteps.length >= remainingSteps) {
      throw new RunLimit(`Run exceeded the limit of ${agent.maxToolSteps} tool steps`);
    } else {
      // Counted over the whole run (a resumed run spans several model calls).
      const [sent, { stepCount }] = await Promise.all([
        ctx.db.message.count({ where: { runId } }),
        ctx.db.run.findUniqueOrThrow({ where: { id: runId }, select: { stepCount: true } }),
      ]);
      const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
      const summary = sent ? `sent ${plural(sent, "message")} in ${plural(stepCount, "tool step")}` : `stayed silent (${plural(stepCount, "tool step")})`;
      await finishRun(ctx, ended, "completed", {}, summary);
    }
  } catch (e) {
    const err = abort.signal.aborted && abort.signal.reason instanceof Error ? abort.signal.reason : e;
    if (err instanceof ShutdownAbort) return;
    const current = await ctx.db.run.findUnique({ where: { id: runId }, select: { status: true } });
    if (current && isTerminalStatus(current.status)) return; // stop_run canceled it meanwhile
    const message = describeError(err);
    const partial = [text.trim(), ...[...drafts.values()].map((d) => `[unsent send_message input] ${d}`)].filter(Boolean).join("\n");
    log.warn({ runId, error: message }, "run failed");
    await appendRunEvent(ctx, runId, "error", { error: message, partialOutput: partial || null });
    await finishRun(ctx, ended, "failed", { error: message, partialOutput: partial || null }, message);
  } finally {
    clearTimeout(timer);
    stopHeartbeat();
    ctx.executing.delete(runId);
  }
}

async function publishDraft(
  ctx: GatewayCtx,
  scope: RunScope,
  run: { id: string },
  entity: { id: string; name: string; type: "human" | "agent"; avatarColor: string | null },
  toolCallId: string,
  json: string,
) {
  const spaceId = scope.state.activeSpaceId;
  // The active space was checked when it was set (trigger space, plan origin, enter_space); this
  // re-check keeps a draft from ever reaching a space outside the reach.
  if (!inReach(scope.run.reach, spaceId)) return;
  const { value } = await parsePartialJson(json);
  const text = value && typeof value === "object" && "text" in value && typeof value.text === "string" ? value.text : "";
  // send_message will refuse an over-long text, and a refused message streams nothing.
  if (!text || text.length > MAX_MESSAGE_LENGTH) return;
  ctx.events.publish(rooms.space(spaceId), "run:stream", {
    runId: run.id,
    spaceId,
    agent: toEntityDto(entity),
    clientMessageId: streamKey(run.id, toolCallId),
    text,
  });
}

const humanDuration = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000} minutes` : ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`);

function describeError(e: unknown): string {
  if (e instanceof RunLimit || isAppError(e)) return e.message;
  if (e instanceof Error) {
    const status = (e as { statusCode?: number }).statusCode;
    return `Model call failed${status ? ` (HTTP ${status})` : ""}: ${e.message}`;
  }
  return `Model call failed: ${String(e)}`;
}

/** The run's reach, less any space its requester has left since; persisted so the context and tools agree. */
async function narrowToRequester(ctx: GatewayCtx, run: { id: string; reach: string[]; requesterId: string | null }): Promise<string[]> {
  const reach = await currentReach(ctx.db, run.reach, run.requesterId);
  if (reach.length !== run.reach.length) {
    await ctx.db.run.update({ where: { id: run.id }, data: { reach } });
    run.reach = reach; // loadContext reads the row object
  }
  return reach;
}

/** Why this run's messages are sent, stamped on each (its origin). */
async function originOf(
  ctx: GatewayCtx,
  run: { triggerType: "space_message" | "plan" | "service"; triggerMessageId: string | null; planId: string | null; serviceName: string | null },
): Promise<MessageOrigin> {
  if (run.triggerType === "plan") {
    const plan = run.planId ? await ctx.db.plan.findUnique({ where: { id: run.planId }, select: { name: true } }) : null;
    return { triggerType: "plan", planName: plan?.name ?? null };
  }
  if (run.triggerType === "service") return { triggerType: "service", serviceName: run.serviceName };
  const m = run.triggerMessageId
    ? await ctx.db.message.findUnique({
        where: { id: run.triggerMessageId },
        select: { text: true, space: { select: { id: true, name: true, kind: true } }, sender: { select: { name: true } } },
      })
    : null;
  return {
    triggerType: "space_message",
    triggerSpaceId: m?.space.id ?? null,
    triggerSpaceName: m?.space.name ?? null,
    triggerSpaceKind: m?.space.kind ?? null,
    triggerSenderName: m?.sender.name ?? null,
    triggerText: m ? m.text.slice(0, 300) : null,
  };
}
