// Reads what one model call of a run needs from the database into a ContextInput.
// Bounded queries only: one history window (HISTORY_WINDOW) of the active space, the
// agent's spaces, goals, memories, plans and unfinished runs.
import { HISTORY_WINDOW, RESUME_ELSEWHERE_LINES } from "@/lib/limits";
import { LIVE_RUN_STATUSES } from "@/lib/runs/run-status";
import type { Db } from "../../db/client";
import type { Run as RunRow } from "@/generated/prisma/client";

/** A run as the context reads it: every column but the text of its previous model call. */
type Run = Omit<RunRow, "contextSnapshot">;
import type { AddressedTo, ContextInput, EntityRef, HistoryMessage, MessageOrigin, TriggerInput } from "./context-input";
import { addresseesOf } from "../triggers/addressing/addressees";
import { threadParticipants } from "../triggers/thread-participants";
import { historyReactions, toHistoryMessage } from "./history-message";
import { renderMentionsForAgent } from "./render-mentions";
import { waitResult, type WaitState } from "../runs/waits";
import { describeSchedule } from "../../domain/agents/schedule";
import { visibleWithin } from "../../domain/agents/provenance";
import { inReach, reachCovers, runsWithin } from "../reach/reach";
import { parseSeen } from "../runs/seen-ranges";
import { loadFailures } from "./load-failures";
import { loadThisRun } from "./load-this-run";
import { loadQuestion, loadQuestions } from "./load-resume";
import { loadFolded } from "./load-folded";
import { loadWaitMarks } from "./load-wait-marks";
import { loadAdminChanges } from "./load-admin-changes";
import { loadUnread } from "./load-unread";
import { pendingTriggers } from "../runs/pending-triggers";
import { loadAnchoredHistory } from "./load-anchored-history";
import { loadMessageChanges } from "./load-message-changes";
import { loadThread } from "./load-thread";

const entitySel = { id: true, name: true, type: true } as const;
/** What a running run's TRIGGER shows once its message was deleted. */
export const DELETED_TRIGGER_TEXT = "(this message was deleted; its text is no longer available)";

export async function loadContext(
  db: Db,
  run: Run,
  agent: { id: string; entityId: string; name: string; persona: string; instructions: string; topics?: readonly string[] },
  opts: { now: Date },
): Promise<Omit<ContextInput, "maxTokens">> {
  const wait = run.waitState as WaitState | null;
  const reach = run.reach;
  // Removed from the space since the run was queued: it no longer sees (or posts to) it. The
  // history read checks the membership beside its other reads, not before them (one round trip
  // fewer before the model call), and has nothing to show for a space that fails the check.
  const candidate = inReach(reach, run.activeSpaceId) ? run.activeSpaceId : null;
  const [trigger, history, spaces, goals, memories, plans, activeRuns, failed, thisRun, adminChanges, modeRows, pending] = await Promise.all([
    loadTrigger(db, run),
    candidate ? loadAnchoredHistory(db, candidate, agent.entityId) : null,
    db.space.findMany({
      // Spaces outside the reach are not mentioned at all, ids included.
      where: { id: { in: [...reach] }, memberships: { some: { entityId: agent.entityId } }, archivedAt: null },
      orderBy: { name: "asc" },
      take: 100,
      select: { id: true, name: true, kind: true, memberships: { select: { entity: { select: entitySel } }, take: 50 } },
    }),
    // Fetched wider than shown, then limited to what this run's reach covers.
    db.goal.findMany({ where: { agentId: agent.id, status: "active" }, orderBy: [{ priority: "asc" }, { createdAt: "asc" }], take: 500 }),
    db.memory.findMany({ where: { agentId: agent.id }, orderBy: { key: "asc" }, take: 1000 }),
    db.plan.findMany({ where: { agentId: agent.id, status: "active" }, orderBy: { nextRunAt: "asc" }, take: 500 }),
    db.run.findMany({
      where: {
        agentId: agent.id,
        status: { in: [...LIVE_RUN_STATUSES] },
        ...runsWithin(reach, run.id),
      },
      orderBy: { queuedAt: "asc" },
      take: 20,
    }),
    // A failed run's error, partial output and actions may carry what it read within its own
    // reach: only runs whose whole reach this run covers count.
    loadFailures(db, { id: run.id, agentId: agent.id, reach }, (failed) => reachCovers(reach, failed.reach)),
    loadThisRun(db, run),
    loadAdminChanges(db, { id: run.id, agentId: agent.id, startedAt: run.startedAt, reach }, opts.now),
    // The agent's own reply mode per space in reach (its membership may be beyond the members listed).
    db.membership.findMany({ where: { entityId: agent.entityId, spaceId: { in: [...reach] } }, select: { spaceId: true, replyMode: true } }),
    candidate ? pendingTriggers(db, agent, run.id, candidate) : null,
  ]);
  const activeSpace = history?.space ?? null;
  // A run woken in a thread sees that thread whole, as long as its space is still in reach.
  const thread = run.triggerThreadRootId && inReach(reach, run.triggerSpaceId) ? await loadThread(db, run.triggerThreadRootId, agent.entityId) : null;
  const questions = await loadQuestions(db, activeRuns, reach);

  const spaceNames = new Map(spaces.map((s) => [s.id, s.name]));
  const senderIds = [...new Set(activeRuns.map((r) => r.triggerEntityId).filter(Boolean))] as string[];
  // Most runs have no other active run: skip the round trip (the embedded database has one connection).
  const senderRows = senderIds.length ? await db.entity.findMany({ where: { id: { in: senderIds } }, select: { id: true, name: true } }) : [];
  const senders = new Map(senderRows.map((e) => [e.id, e.name]));

  const modes = new Map(modeRows.map((m) => [m.spaceId, m.replyMode]));
  // Mention references in any message text read as "@Name" / "#channel" (render-mentions.ts).
  const input: Omit<ContextInput, "maxTokens"> = {
    now: opts.now.toISOString(),
    agent,
    runId: run.id,
    reach,
    trigger,
    resume:
      wait && run.status !== "queued" && (wait.reply || new Date(wait.timeoutAt) <= opts.now)
        ? {
            result: waitResult(wait, opts.now),
            replyMessageId: wait.reply?.messageId ?? null,
            afterSeq: wait.afterSeq,
            question: await loadQuestion(db, wait, reach),
            since: wait.since,
            elsewhere: await loadElsewhere(db, run, agent.entityId, candidate, wait.since),
          }
        : null,
    activeSpace: activeSpace ? { ...activeSpace, auto: run.triggerType === "space_message" && activeSpace.id === run.triggerSpaceId } : null,
    history: history
      ? {
          ...history,
          seenThisRun: parseSeen(run.seenCursors)[history.space.id] ?? [],
          handledElsewhere: pending?.size ? Object.fromEntries([...pending].map(([id, p]) => [id, p.runId])) : undefined,
        }
      : null,
    thread,
    spaces: spaces.map((s) => ({ id: s.id, name: s.name, kind: s.kind, members: s.memberships.map((m) => m.entity), replyMode: modes.get(s.id) })),
    goals: goals
      .filter(visibleWithin(reach))
      .slice(0, 50)
      .map((g) => ({ id: g.id, description: g.description, priority: g.priority, longTerm: g.longTerm })),
    memories: memories
      .filter(visibleWithin(reach))
      .slice(0, 200)
      .map((m) => ({ key: m.key, value: m.value })),
    plans: plans
      .filter(visibleWithin(reach))
      .slice(0, 50)
      .map((p) => ({
        id: p.id,
        name: p.name,
        cron: p.cron,
        runAfter: p.runAfter,
        scheduledAt: p.scheduledAt?.toISOString() ?? null,
        nextRunAt: p.nextRunAt?.toISOString() ?? null,
      })),
    activeRuns: activeRuns.map((r) => {
      const w = r.waitState as WaitState | null;
      return {
        id: r.id,
        status: r.status,
        triggerType: r.triggerType,
        triggerMessageId: r.triggerMessageId,
        senderName: r.triggerEntityId ? (senders.get(r.triggerEntityId) ?? null) : null,
        spaceName: r.triggerSpaceId ? (spaceNames.get(r.triggerSpaceId) ?? null) : null,
        waitingIn: w ? (spaceNames.get(w.spaceId) ?? null) : null,
        question: questions.get(r.id) ?? null,
      };
    }),
    failures: failed.failures,
    moreFailures: failed.more,
    thisRun,
    adminChanges,
    messageChanges: history
      ? await loadMessageChanges(db, { id: run.id, agentId: agent.id, startedAt: run.startedAt }, agent.entityId, history.space.id, opts.now)
      : null,
  };
  return renderMentionsForAgent(db, input, agent.entityId, reach);
}

async function loadTrigger(db: Db, run: Run): Promise<TriggerInput> {
  if (run.triggerType === "plan") {
    const plan = run.planId ? await db.plan.findUnique({ where: { id: run.planId } }) : null;
    return {
      type: "plan",
      plan: plan
        ? { id: plan.id, name: plan.name, instruction: plan.instruction, schedule: describeSchedule(plan) }
        : { id: run.planId ?? "?", name: "(deleted plan)", instruction: "", schedule: "unknown" },
      scheduledAt: (run.planFireAt ?? run.queuedAt).toISOString(),
      chainDepth: run.chainDepth,
    };
  }
  if (run.triggerType === "service") {
    return { type: "service", serviceName: run.serviceName ?? "?", payload: run.servicePayload, chainDepth: run.chainDepth };
  }
  const m = await db.message.findUniqueOrThrow({
    where: { id: run.triggerMessageId! },
    select: {
      id: true,
      text: true,
      deletedAt: true,
      createdAt: true,
      replyToMessageId: true,
      threadRootId: true,
      sender: { select: entitySel },
      space: { select: { id: true, name: true, kind: true } },
      origin: true,
    },
  });
  return {
    type: "space_message",
    space: { id: m.space.id, name: m.space.name },
    sender: m.sender,
    // Deleted while the run executes: its text is gone (blanked where stored); the run is told so.
    message: { id: m.id, text: m.deletedAt ? DELETED_TRIGGER_TEXT : m.text, createdAt: m.createdAt.toISOString() },
    senderExpectsReply: (m.origin as MessageOrigin | null)?.expectsReply === true,
    addressedTo: await loadAddressedTo(db, m),
    chainDepth: run.chainDepth,
    folded: await loadFolded(db, run.id, run.reach),
  };
}

/** Who the trigger is addressed to, decided as the trigger decided it (the space's members now). */
async function loadAddressedTo(
  db: Db,
  m: {
    text: string;
    replyToMessageId: string | null;
    threadRootId: string | null;
    sender: EntityRef;
    space: { id: string; kind: "channel" | "direct" };
    origin: unknown;
  },
): Promise<AddressedTo[]> {
  const [members, replied, inThread] = await Promise.all([
    db.membership.findMany({ where: { spaceId: m.space.id }, select: { entity: { select: entitySel } }, take: 1000 }),
    m.replyToMessageId ? db.message.findUnique({ where: { id: m.replyToMessageId }, select: { senderId: true } }) : null,
    threadParticipants(db, m),
  ]);
  const byId = new Map(members.map((x) => [x.entity.id, x.entity]));
  return addresseesOf(
    {
      text: m.text,
      senderId: m.sender.id,
      replyToSenderId: replied?.senderId ?? null,
      expectsReply: m.sender.type === "agent" && (m.origin as MessageOrigin | null)?.expectsReply === true,
      spaceKind: m.space.kind,
      threadParticipants: [...inThread],
    },
    members.map((x) => x.entity),
  ).map((a) => ({ entity: byId.get(a.entityId)!, how: a.how }));
}

/**
 * The newest messages of a space as its member `entityId` sees them, or null when it is not
 * (or no longer) a member: what was read then is dropped, never shown.
 */
export async function loadHistory(db: Db, spaceId: string, entityId: string, limit = HISTORY_WINDOW, offset = 0, withUnread = false) {
  const [space, membership, rows] = await Promise.all([
    db.space.findUnique({ where: { id: spaceId }, select: { id: true, name: true } }),
    db.membership.findUnique({ where: { spaceId_entityId: { spaceId, entityId } }, select: { lastProcessedSeq: true, joinedAt: true } }),
    db.message.findMany({
      where: { spaceId, deletedAt: null },
      orderBy: { seq: "desc" },
      skip: offset,
      // One more than shown: the next older message bounds the shown range, so deleted
      // messages between it and the window count as crossed.
      take: limit + 1,
      select: {
        id: true,
        seq: true,
        createdAt: true,
        text: true,
        replyToMessageId: true,
        threadRootId: true,
        kind: true,
        origin: true,
        runId: true,
        sender: { select: entitySel },
        reactions: historyReactions,
      },
    }),
  ]);
  if (!space || !membership) return null;
  const boundary = rows.length > limit ? rows.pop()! : null;
  const { lastProcessedSeq } = membership;
  // Unread messages older than the window: counted and digested (shown as a digest, so they count as seen).
  const unread = withUnread && boundary && boundary.seq > lastProcessedSeq ? await loadUnread(db, spaceId, lastProcessedSeq, boundary.seq) : null;
  const unshownUnread = unread?.count ?? 0;
  const [waitMarks, canceledRuns] = await Promise.all([
    loadWaitMarks(db, rows),
    // Requests whose run an admin (or another run) canceled: the next context says so.
    withUnread
      ? db.run.findMany({
          where: { agent: { entityId }, status: "canceled", triggerMessageId: { in: rows.filter((r) => r.seq > lastProcessedSeq).map((r) => r.id) } },
          select: { id: true, triggerMessageId: true, statusReason: true },
        })
      : [],
  ]);
  const canceled = Object.fromEntries(canceledRuns.map((r) => [r.triggerMessageId!, { runId: r.id, reason: r.statusReason ?? "canceled" }]));
  const messages: HistoryMessage[] = rows.reverse().map((r) => ({ ...waitMarks.get(r.id), ...toHistoryMessage(r) }));
  return {
    space,
    messages,
    lastProcessedSeq,
    shownFromSeq: boundary ? boundary.seq + 1 : 1,
    unshownUnread,
    unread,
    joinedAt: membership.joinedAt.toISOString(),
    ...(canceledRuns.length ? { canceled } : {}),
  };
}

/**
 * A message run resumed with another space active: what arrived in its trigger space since the
 * wait began (the newest RESUME_ELSEWHERE_LINES of them), so it answers with both places in view.
 */
async function loadElsewhere(db: Db, run: Run, entityId: string, activeId: string | null, since: string) {
  const spaceId = run.triggerType === "space_message" ? run.triggerSpaceId : null;
  if (!spaceId || spaceId === activeId || !inReach(run.reach, spaceId)) return null;
  const h = await loadHistory(db, spaceId, entityId, RESUME_ELSEWHERE_LINES);
  if (!h) return null;
  const after = new Date(since).toISOString();
  const messages = h.messages.filter((m) => m.createdAt > after);
  const more =
    messages.length === h.messages.length && messages.length > 0
      ? await db.message.count({ where: { spaceId, deletedAt: null, seq: { lt: messages[0]!.seq }, createdAt: { gt: new Date(since) } } })
      : 0;
  return { space: h.space, messages, more, lastProcessedSeq: h.lastProcessedSeq };
}
