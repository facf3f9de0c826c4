// Before a model call: the run as the tools see it (its scope: who acts, for whom, where it may
// reach, why its messages are sent), then the context the model reads, saved on the run so an
// admin sees exactly what the model was given.
import { randomBytes } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import { parseSeen } from "./seen-ranges";
import type { GatewayCtx } from "../gateway-context";
import { loadContext } from "../context/load-context";
import { callBudget, describeBudget } from "../context/budget";
import { contextParts, describeParts } from "../context/build-context";
import { RunLimit } from "./classify-error";
import type { ContextAttempt } from "./context-retry";
import { buildWithEarlier } from "../context/earlier-summary";
import { countTokens, tokenCountingFor } from "../context/token-count";
import { toolSchemasText } from "../tools/schema-text";
import { offeredTools } from "../tools/registry";
import type { MessageOrigin } from "../context/context-input";
import type { ResolvedModel } from "../models/resolve-model";
import { noteSeen, type RunScope } from "../tools/run-scope";
import { currentReach } from "../reach/reach";
import { appendRunEvent } from "./run-events";
import type { RunningRun } from "./running-run";

export async function buildScope(ctx: GatewayCtx, run: RunningRun): Promise<RunScope> {
  const { agent } = run;
  const [reach, origin] = await Promise.all([narrowToRequester(ctx, run), originOf(ctx, run)]);
  return {
    ctx,
    run: {
      id: run.id,
      chainDepth: run.chainDepth,
      triggerType: run.triggerType,
      triggerSpaceId: run.triggerSpaceId,
      triggerThreadRootId: run.triggerThreadRootId,
      reach,
      requesterId: run.requesterId,
      triggerEntityId: run.triggerEntityId,
      callKey: randomBytes(4).toString("hex"),
    },
    agent: {
      id: agent.id,
      entityId: agent.entityId,
      name: agent.entity.name,
      maxWaitingRuns: agent.maxWaitingRuns,
      maxRunDurationMs: agent.maxRunDurationMs,
      maxToolSteps: agent.maxToolSteps,
      waitTimeoutMs: agent.waitTimeoutMs,
    },
    origin,
    state: {
      activeSpaceId: run.activeSpaceId,
      paused: false,
      stopped: false,
      waitCount: run.waitCount,
      seen: parseSeen(run.seenCursors),
    },
  };
}

/**
 * The agent's model, the context built within its share of that model's window, and what the
 * call's steps may take (runs/prepare-step.ts). `share` is smaller on a retry after the
 * provider said the context was too long (`retry` is what it said).
 */
export async function prepareContext(ctx: GatewayCtx, run: RunningRun, scope: RunScope, now: Date, opts: ContextAttempt = {}) {
  const { agent } = run;
  const model: ResolvedModel = ctx.models({
    id: agent.id,
    name: agent.entity.name,
    provider: agent.provider,
    modelId: agent.modelId,
    modelSettings: agent.modelSettings,
  });
  // The calibration read and the context's reads do not depend on each other: side by side.
  const [counting, loaded] = await Promise.all([
    tokenCountingFor(ctx.db, agent),
    loadContext(
      ctx.db,
      run,
      { id: agent.id, entityId: agent.entityId, name: agent.entity.name, persona: agent.persona, instructions: agent.instructions, topics: agent.topics },
      { now },
    ),
  ]);
  const toolTokens = countTokens(toolSchemasText(agent.enabledTools), counting);
  const budget = callBudget({
    contextTokens: model.contextTokens,
    contextSource: model.contextSource,
    maxOutputTokens: model.maxOutputTokens,
    toolTokens,
    share: opts.share,
  });
  const input = { ...loaded, maxTokens: budget.context };
  const context = await buildWithEarlier(ctx.db, { agentId: agent.id, input: { ...input, counting }, summarizer: model.summaries ? model.model : null });
  if (opts.report) opts.report({ budget, parts: () => contextParts(context, counting), tokens: context.tokens });
  // Even the smallest context is over its share of the window: no call could fit, so none is made.
  if (context.overflow) {
    throw new RunLimit(
      `Even the smallest context for this run (${context.tokens.toLocaleString("en-US")} tokens) does not fit the model's ${describeBudget(budget)}. ` +
        `It holds: ${describeParts(context.overflow)}. Shorten what takes the most, enable fewer tools, or give the agent a model with a larger window.`,
    );
  }
  // The context checked the active space (in reach, still a member); tools and drafts start from that.
  scope.state.activeSpaceId = input.activeSpace?.id ?? null;
  if (context.seen) noteSeen(scope, context.seen.spaceId, context.seen.fromSeq, context.seen.toSeq);
  // A resumed run was shown what arrived in its trigger space meanwhile (blocks/trigger.ts).
  const elsewhere = input.resume?.elsewhere;
  const shown = elsewhere?.messages;
  if (elsewhere && shown?.length) noteSeen(scope, elsewhere.space.id, shown[0]!.seq, shown.at(-1)!.seq);
  await appendRunEvent(
    ctx,
    run.id,
    "context",
    {
      tokens: context.tokens,
      omittedSeen: context.omittedSeen,
      omittedNew: context.omittedNew,
      resumed: input.resume ? input.resume.result : null,
      model: `${agent.provider}/${agent.modelId}`,
      budget: { window: budget.window, source: budget.source, output: budget.output, tools: budget.tools, context: budget.context },
      ...(opts.retry ? { retry: opts.retry } : {}),
      // A retry after tool steps ran is a compaction: the run goes on, with its steps summarized.
      ...(opts.retry && opts.stepsTaken ? { compacted: true } : {}),
      reach: [...scope.run.reach],
      tools: offeredTools(agent.enabledTools, scope.run.triggerType).map((t) => t.name),
      // What FAILED RUNS showed: once this run completes, they count as handled (load-failures.ts).
      // A failure the budget left out was only counted (context/bounded-blocks.ts): not shown, not handled.
      failuresShown: input.failures.filter((f) => context.text.includes(`  - run ${f.runId} (failed `)).map((f) => f.runId),
    },
    // The exact text, what it has seen, and the model it goes to, with the event. The run keeps
    // the latest text; each call's own stays with its event, for the inspector to load on demand.
    Prisma.sql`"contextSnapshot" = ${context.text}, "seenCursors" = ${JSON.stringify(scope.state.seen)}::jsonb, "modelId" = ${agent.modelId}`,
    context.text,
  );
  // The static part goes as instructions, outside the step's messages.
  return { model, context, steps: { limit: budget.input - countTokens(context.staticPart, counting), counting } };
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
