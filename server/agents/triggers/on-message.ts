// Message → runs. Every other agent member of the space gets one run per
// message, unless: the message answers that agent's waiting run (the run resumes instead),
// the agent is disabled, its reply mode in this space says no (addressing/wake-decision.ts:
// off; "when addressed" or auto and the message is not addressed to it — auto also wakes the
// best topic matches of a message addressed to nobody), its model provider cannot work here
// (not configured: no key, no endpoint, unknown provider), the chain is at the space's
// depth limit, or the agent already has a queued run in this space (the message folds into
// it). A run queued while another of the agent's runs executes in the space waits for that
// one to end (runs/claim.ts). Every outcome is recorded as a TriggerDecision with its reason.
import type { MessageDto } from "@/lib/realtime/dto";
import type { GatewayCtx } from "../gateway-context";
import type { Prisma } from "@/generated/prisma/client";
import { appendRunEvent } from "../runs/run-events";
import { broadcastRun } from "../runs/broadcast-run";
import { resolveWaitsFor } from "../runs/waits";
import { log } from "../../log";
import { MAX_QUEUED_RUNS_PER_AGENT } from "@/lib/limits";
import { intersect, reachForMessage, reachMemberships, senderScope } from "../reach/reach";
import type { ReplyMode } from "@/lib/agents/reply-modes";
import { reasonForMember } from "@/lib/agents/decision-reason";
import { budgetRefusal, spaceBudgetRefusal } from "./daily-budget";
import { rooms } from "@/lib/realtime/events";
import { addresseesOf } from "./addressing/addressees";
import { bestTopicMatches, matchTopics } from "./addressing/topic-match";
import { NOT_ADDRESSED, wakeDecision } from "./addressing/wake-decision";
import { providerProblem } from "../../domain/agents/provider-problem";
import { env } from "../../env";
import { tellRequesterOfRefusal } from "../notes/tell-requester";
import { threadParticipants } from "./thread-participants";

export type Decision = "triggered" | "folded" | "resumed" | "refused";

/**
 * `onlyEntityIds`: decide for these agents only, about a message that was edited to name them
 * (on-message-change.ts); an edit answers no wait, so no waiting run resumes.
 */
export async function onMessage(ctx: GatewayCtx, m: MessageDto, opts: { onlyEntityIds?: ReadonlySet<string> } = {}): Promise<void> {
  const space = await ctx.db.space.findUnique({
    where: { id: m.spaceId },
    select: {
      id: true,
      kind: true,
      maxChainDepth: true,
      dailyTokenBudget: true,
      memberships: {
        // Members when the message was sent: this runs a moment after the send, and an agent
        // added in between must not be woken by a message from before it joined.
        where: { entity: { type: "agent" }, joinedAt: { lte: new Date(m.createdAt) } },
        select: {
          replyMode: true,
          entity: {
            select: {
              id: true,
              name: true,
              // The agent's own spaces (for its run's reach) and its limits, read here with the rest.
              memberships: reachMemberships,
              agent: {
                select: {
                  id: true,
                  enabled: true,
                  dailyTokenBudget: true,
                  archivedAt: true,
                  maxConcurrentRuns: true,
                  topics: true,
                  provider: true,
                  modelSettings: true,
                },
              },
            },
          },
        },
      },
    },
  });
  if (!space) return;
  // A deleted (archived) agent stays a member, so its messages keep their sender, but it is
  // not an agent of the space any more: no run, and no decision that would only be noise.
  const agents = space.memberships
    .map((ms) => ({ ...ms.entity, spaceIds: ms.entity.memberships.map((x) => x.spaceId), replyMode: ms.replyMode }))
    .filter((e) => e.agent && !e.agent.archivedAt && e.id !== m.sender.id && (!opts.onlyEntityIds || opts.onlyEntityIds.has(e.id))) as {
    id: string;
    name: string;
    spaceIds: string[];
    replyMode: ReplyMode;
    agent: {
      id: string;
      enabled: boolean;
      dailyTokenBudget: number | null;
      maxConcurrentRuns: number;
      topics: string[];
      provider: string;
      modelSettings: unknown;
    };
  }[];
  if (agents.length === 0) return;

  const sender = await senderScope(ctx.db, m);
  const resumed = opts.onlyEntityIds ? new Set<string>() : await resolveWaitsFor(ctx, m, sender.reach);
  // Human messages start a chain at depth 0; an agent's message continues its run's chain.
  const fromAgent = m.sender.type === "agent";
  const depth = fromAgent ? m.chainDepth + 1 : 0;
  const atLimit = fromAgent && m.chainDepth >= space.maxChainDepth;
  const repliesTo = m.replyToMessageId
    ? ((await ctx.db.message.findUnique({ where: { id: m.replyToMessageId }, select: { senderId: true } }))?.senderId ?? null)
    : null;
  const inThread = await threadParticipants(ctx.db, m);
  // Who the message is addressed to, among everyone in the space (a person named is someone
  // else too), and under auto which agents' topics match a message addressed to nobody.
  const members = await ctx.db.membership.findMany({ where: { spaceId: m.spaceId }, select: { entity: { select: { id: true, name: true, type: true } } } });
  const addressees = addresseesOf(
    {
      text: m.text,
      senderId: m.sender.id,
      replyToSenderId: repliesTo,
      expectsReply: fromAgent && m.origin?.expectsReply === true,
      spaceKind: space.kind,
      threadParticipants: [...inThread],
    },
    members.map((x) => x.entity),
  );
  const problems = new Map(agents.map((a) => [a.id, providerProblem(a.agent, env())]));
  // Only agents that could answer compete on topics: a disabled or unconfigured one takes no place.
  const contenders = agents.filter((a) => a.replyMode === "auto" && a.agent.enabled && !problems.get(a.id) && !resumed.has(a.agent.id));
  // Topics recruit agents for people's messages only: an agent's message addressed to nobody
  // (its own answer, say) would otherwise set its colleagues talking among themselves.
  const topicWinners = new Map(
    addressees.length || fromAgent
      ? []
      : bestTopicMatches(
          m.text,
          contenders.map((a) => ({ ...a, topics: a.agent.topics })),
        ).map((w) => [w.id, w] as const),
  );

  // The space's budget is the same for every agent: asked once, and only when one is set.
  const spaceOverBudget = await spaceBudgetRefusal(ctx.db, space, ctx.clock.now());
  const outcomes: { name: string; agentId: string; decision: Decision; reason: string }[] = [];
  for (const entity of agents) {
    const agentId = entity.agent.id;
    const decide = (decision: Decision, reason: string) => {
      outcomes.push({ name: entity.name, agentId, decision, reason });
      return recordDecision(ctx.db, m.id, agentId, { decision, reason });
    };

    if (resumed.has(agentId)) {
      await decide("resumed", "the message answered this agent's waiting run, which resumes instead");
      continue;
    }
    if (!entity.agent.enabled) {
      await decide("refused", "agent is disabled");
      continue;
    }
    const wake = wakeDecision(entity.replyMode, entity.id, addressees, topicWinners, fromAgent ? 0 : matchTopics(m.text, entity.agent.topics).score);
    if (!wake.wake) {
      await decide("refused", wake.reason);
      continue;
    }
    const problem = problems.get(entity.id);
    if (problem) {
      await decide("refused", problem);
      continue;
    }
    const overBudget = spaceOverBudget ?? (await budgetRefusal(ctx.db, entity.agent, ctx.clock.now()));
    if (overBudget) {
      await decide("refused", overBudget);
      continue;
    }
    if (atLimit) {
      await decide("refused", depthLimitReason(m.chainDepth, space.maxChainDepth));
      continue;
    }
    let outcome: Awaited<ReturnType<typeof queueOrFold>>;
    try {
      const reach = reachForMessage(entity.spaceIds, sender.reach);
      // Its decision is written in the same transaction as the run it queues or folds into.
      outcome = await queueOrFold(ctx, entity.agent, m, depth, reach, sender.requesterId, wake.why);
    } catch (e) {
      if ((e as { code?: string }).code === "P2002") {
        await decide("refused", "duplicate delivery: a run for this agent and message already exists");
      } else {
        log.error({ err: e, messageId: m.id, agentId }, "trigger failed");
        await decide("refused", `trigger failed: ${(e as Error).message}`);
      }
      continue;
    }
    outcomes.push({ name: entity.name, agentId, decision: outcome.decision, reason: outcome.reason });
    if (outcome.decision === "refused") continue;
    // Committed: what follows only tells about it. Should it fail, the run and its decision
    // stand (the run executes, and the next transition broadcasts it).
    try {
      if (outcome.decision === "folded") await appendRunEvent(ctx, outcome.runId, "folded", { messageId: m.id, sender: m.sender.name });
      else await broadcastRun(ctx, outcome.runId);
    } catch (e) {
      log.error({ err: e, messageId: m.id, agentId, runId: outcome.runId }, "trigger recorded, but telling about it failed");
    }
    // Claimed at once, while the decisions for the space's other agents are still made.
    if (outcome.decision === "triggered") ctx.kick();
  }
  log.debug({ messageId: m.id, spaceId: m.spaceId, outcomes }, "triggers decided");
  if (!fromAgent) {
    // A refusal only a fix can lift (not configured, budget) gets its own note under the message.
    const noted = await tellRequesterOfRefusal(ctx, m, outcomes);
    tellSenderIfUnanswered(
      ctx,
      m,
      outcomes.filter((o) => !noted.has(o.name)),
    );
  }
  if (outcomes.some((o) => o.reason === depthLimitReason(m.chainDepth, space.maxChainDepth))) await markChainStopped(ctx, m, space.maxChainDepth);
  ctx.events.publish(rooms.space(m.spaceId), "chain:decided", { spaceId: m.spaceId, messageId: m.id });
  ctx.events.publish(rooms.admins, "chain:decided", { spaceId: m.spaceId, messageId: m.id });
  ctx.kick();
}

/** The one way a TriggerDecision is written: on its own, or inside the transaction that queues its run. */
function recordDecision(
  db: Pick<Prisma.TransactionClient, "triggerDecision">,
  messageId: string,
  agentId: string,
  d: { decision: Decision; reason: string; runId?: string },
) {
  return db.triggerDecision.create({ data: { messageId, agentId, decision: d.decision, reason: d.reason, runId: d.runId } });
}

const depthLimitReason = (depth: number, limit: number) => `chain depth limit reached: the message is at depth ${depth}, the space allows ${limit}`;

/** The chain ends at this message: stored on it, so history and API clients say so too, and told to the space live. */
async function markChainStopped(ctx: GatewayCtx, m: MessageDto, limit: number): Promise<void> {
  await ctx.db.message.update({ where: { id: m.id }, data: { chainStopLimit: limit } });
  ctx.events.publish(rooms.space(m.spaceId), "message:chain_stopped", { spaceId: m.spaceId, messageId: m.id, limit });
}

/** Nobody is left wondering: a person whose message woke no agent is told why, quietly (only them). */
function tellSenderIfUnanswered(ctx: GatewayCtx, m: MessageDto, outcomes: { name: string; decision: Decision; reason: string }[]): void {
  if (outcomes.some((o) => o.decision === "triggered" || o.decision === "resumed")) return;
  // A message not addressed to any agent (people talking) was not a request: no note for it.
  if (outcomes.every((o) => o.reason.startsWith(NOT_ADDRESSED))) return;
  const agents = outcomes.map((o) => ({ name: o.name, decision: o.decision as "folded" | "refused", reason: reasonForMember(o.reason) }));
  ctx.events.publish(rooms.entity(m.sender.id), "message:unanswered", { spaceId: m.spaceId, messageId: m.id, agents });
}

/**
 * Under a per-agent lock, so two messages cannot both miss the queued run the other creates.
 * One read gives the agent's live runs (at most its queue limit plus its running cap), from
 * which the queued run to fold into and both counts follow. The TriggerDecision is written in
 * the same transaction: a run is never queued without the decision that explains it.
 */
async function queueOrFold(
  ctx: GatewayCtx,
  agent: { id: string; maxConcurrentRuns: number },
  m: MessageDto,
  depth: number,
  reach: string[],
  requesterId: string | null,
  /** Why the reply mode let it wake, appended to the reason (auto: how it was addressed, or its topics). */
  why: string | null = null,
): Promise<{ decision: "triggered" | "folded"; reason: string; runId: string } | { decision: "refused"; reason: string }> {
  return ctx.db.$transaction(async (tx) => {
    const agentId = agent.id;
    const decided = async <T extends { decision: Decision; reason: string; runId?: string }>(outcome: T): Promise<T> => {
      await recordDecision(tx, m.id, agentId, outcome);
      return outcome;
    };
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${agentId}))`;
    const live = await tx.run.findMany({
      where: { agentId, status: { in: ["queued", "running"] } },
      select: { id: true, status: true, triggerType: true, triggerSpaceId: true, triggerThreadRootId: true, reach: true, chainDepth: true, queuedAt: true },
      orderBy: [{ queuedAt: "asc" }, { id: "asc" }],
    });
    // A queued run answers where it was asked: a thread's message folds only into a run of that thread.
    const queued = live.find(
      (r) => r.status === "queued" && r.triggerType === "space_message" && r.triggerSpaceId === m.spaceId && r.triggerThreadRootId === (m.threadRootId ?? null),
    );
    if (queued) {
      // The run now acts for this sender too: it may reach only what every sender it serves can,
      // and it answers at the deepest of its messages' depths, so folding cannot reset a chain
      // below the space's depth limit.
      const narrowed = intersect(queued.reach, reach);
      const data = {
        ...(narrowed.length !== queued.reach.length ? { reach: narrowed } : {}),
        ...(depth > queued.chainDepth ? { chainDepth: depth } : {}),
      };
      if (Object.keys(data).length) await tx.run.update({ where: { id: queued.id }, data });
      return decided({ decision: "folded", reason: "the agent already has a queued run in this space; it will see this message as [NEW]", runId: queued.id });
    }
    const waiting = live.filter((r) => r.status === "queued").length;
    if (waiting >= MAX_QUEUED_RUNS_PER_AGENT)
      return decided({ decision: "refused", reason: `queue full: the agent already has ${waiting} queued runs (limit ${MAX_QUEUED_RUNS_PER_AGENT})` });
    const running = live.length - waiting;
    // One run handles each request: a run already executing here was shown (or will read)
    // what came before this message, so this one waits for it to end (claim.ts) and later
    // messages fold into it.
    const busyHere = live.some((r) => r.status === "running" && r.triggerType === "space_message" && r.triggerSpaceId === m.spaceId);
    const run = await tx.run.create({
      data: {
        agentId,
        triggerType: "space_message",
        triggerMessageId: m.id,
        triggerSpaceId: m.spaceId,
        triggerThreadRootId: m.threadRootId ?? null,
        triggerEntityId: m.sender.id,
        chainDepth: depth,
        activeSpaceId: m.spaceId,
        reach,
        requesterId,
        queuedAt: ctx.clock.now(),
      },
      select: { id: true },
    });
    const reason = busyHere
      ? "queued behind the agent's run in this space: it starts when that run ends"
      : running >= agent.maxConcurrentRuns
        ? `queued behind ${running} running runs (limit ${agent.maxConcurrentRuns})`
        : `queued at chain depth ${depth}`;
    return decided({ decision: "triggered", reason: why ? `${reason} (${why})` : reason, runId: run.id });
  });
}
