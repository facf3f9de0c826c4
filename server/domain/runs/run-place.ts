// Where a run sits in its chain, for its page: the message that triggered it and the run that
// posted that message (one step up), the runs its own messages triggered (one step down, from
// the trigger decisions recorded on those messages), and its retry links. A few lookups by
// primary key or indexed column, and at most MAX_CHILD_RUNS_SHOWN children; the chain tree
// (server/domain/chains) shows the rest.
import { MAX_CHILD_RUNS_SHOWN } from "@/lib/limits";
import type { RunPlaceDto, RunRefDto } from "@/lib/runs/run-dtos";
import type { Db } from "../../db/client";

const refSelect = { id: true, status: true, queuedAt: true, agent: { select: { entity: { select: { name: true } } } } } as const;
type RefRow = { id: string; status: RunRefDto["status"]; queuedAt: Date; agent: { entity: { name: string } } };
const toRef = (r: RefRow): RunRefDto => ({ id: r.id, agentName: r.agent.entity.name, status: r.status, queuedAt: r.queuedAt.toISOString() });

export async function loadRunPlace(
  db: Db,
  run: { id: string; triggerMessageId: string | null; retryOfId: string | null },
  sentMessageIds: string[],
): Promise<RunPlaceDto> {
  const [trigger, retryOf, retriedBy, decisions] = await Promise.all([
    run.triggerMessageId
      ? db.message.findUnique({ where: { id: run.triggerMessageId }, select: { id: true, spaceId: true, runId: true, sender: { select: { name: true } } } })
      : null,
    run.retryOfId ? db.run.findUnique({ where: { id: run.retryOfId }, select: refSelect }) : null,
    db.run.findUnique({ where: { retryOfId: run.id }, select: refSelect }),
    sentMessageIds.length
      ? db.triggerDecision.findMany({
          where: { messageId: { in: sentMessageIds }, decision: "triggered", runId: { not: null } },
          select: { runId: true },
          orderBy: { createdAt: "asc" },
          take: MAX_CHILD_RUNS_SHOWN + 1,
        })
      : [],
  ]);
  const childIds = [...new Set(decisions.map((d) => d.runId!))];
  const [parentRun, children, childCount] = await Promise.all([
    trigger?.runId ? db.run.findUnique({ where: { id: trigger.runId }, select: refSelect }) : null,
    db.run.findMany({ where: { id: { in: childIds.slice(0, MAX_CHILD_RUNS_SHOWN) } }, select: refSelect, orderBy: { queuedAt: "asc" } }),
    childIds.length > MAX_CHILD_RUNS_SHOWN
      ? db.triggerDecision.count({ where: { messageId: { in: sentMessageIds }, decision: "triggered", runId: { not: null } } })
      : childIds.length,
  ]);
  return {
    parent: trigger ? { messageId: trigger.id, senderName: trigger.sender.name, spaceId: trigger.spaceId, run: parentRun ? toRef(parentRun) : null } : null,
    children: children.map(toRef),
    moreChildren: Math.max(0, childCount - children.length),
    chainMessageId: trigger?.id ?? sentMessageIds[0] ?? null,
    retryOf: retryOf ? toRef(retryOf) : null,
    retriedBy: retriedBy ? toRef(retriedBy) : null,
  };
}
