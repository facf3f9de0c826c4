// FAILED RUNS: the agent's failed runs that nothing has made up for yet. A failure stays in
// the context of every run that may see it until a run triggered later in the same space
// completes, so a success elsewhere cannot hide a request that was never answered. Which
// failed runs this run may see at all is load-context.ts's reach rule (`visible`).
import { MAX_FAILED_RUNS_SHOWN } from "@/lib/limits";
import type { Db } from "../../db/client";
import type { FailedRun } from "./context-input";
import { actionsOf, readBeyond, sentBy } from "./run-actions";

const entitySel = { id: true, name: true, type: true } as const;
/** Failed runs looked at, newest first; older ones are counted, not loaded. */
const LOOK_BACK = 50;

export async function loadFailures(
  db: Db,
  run: { id: string; agentId: string; reach: readonly string[] },
  visible: (failed: { reach: string[] }) => boolean,
): Promise<{ failures: FailedRun[]; more: number }> {
  const reach = [...run.reach];
  const failed = (
    await db.run.findMany({
      where: { agentId: run.agentId, id: { not: run.id }, status: "failed", triggerSpaceId: { in: reach } },
      // createdAt breaks ties between runs that ended in the same instant (a coarse or test clock).
      orderBy: [{ endedAt: "desc" }, { createdAt: "desc" }],
      take: LOOK_BACK,
    })
  ).filter(visible);
  if (failed.length === 0) return { failures: [], more: 0 };

  // A completed run that started after the failure ended was shown it and did the space's work since.
  const spaces = [...new Set(failed.map((r) => r.triggerSpaceId!))];
  const made = await db.run.groupBy({
    by: ["triggerSpaceId"],
    where: { agentId: run.agentId, status: "completed", triggerSpaceId: { in: spaces } },
    _max: { startedAt: true },
  });
  const lastSuccess = new Map(made.map((g) => [g.triggerSpaceId, g._max.startedAt]));
  const open = failed.filter((r) => {
    const after = lastSuccess.get(r.triggerSpaceId);
    return !(after && r.endedAt && after >= r.endedAt);
  });
  const shown = open.slice(0, MAX_FAILED_RUNS_SHOWN);

  const messageIds = shown.map((r) => r.triggerMessageId).filter(Boolean) as string[];
  const [messages, spaceRows] = await Promise.all([
    // A deleted trigger's words are gone: the failure still shows, without them.
    db.message.findMany({ where: { id: { in: messageIds } }, select: { id: true, text: true, deletedAt: true, sender: { select: entitySel } } }),
    db.space.findMany({ where: { id: { in: shown.map((r) => r.triggerSpaceId!) } }, select: { id: true, name: true } }),
  ]);
  const byId = new Map(messages.map((m) => [m.id, m]));
  const spaceNames = new Map(spaceRows.map((s) => [s.id, s]));
  const failures = await Promise.all(
    shown.map(async (r): Promise<FailedRun> => {
      const m = r.triggerMessageId ? byId.get(r.triggerMessageId) : undefined;
      const events = await db.runEvent.findMany({
        where: { runId: r.id, type: { in: ["context", "tool_call", "tool_result"] } },
        orderBy: { seq: "asc" },
        take: 200,
        select: { type: true, data: true },
      });
      // Its final reach is covered (load-context's rule), but an earlier call may have read more
      // before a reply narrowed it: then its inputs and partial output stay with it.
      const withheld = readBeyond(events, reach);
      return {
        runId: r.id,
        endedAt: r.endedAt?.toISOString() ?? "",
        trigger: {
          type: r.triggerType,
          space: r.triggerSpaceId ? (spaceNames.get(r.triggerSpaceId) ?? null) : null,
          sender: m?.sender ?? null,
          messageId: r.triggerMessageId,
          text: m && !m.deletedAt ? m.text : null,
        },
        // A model call's error can quote its tool input (an SDK's "invalid input for tool …").
        error: withheld ? "withheld: the run read spaces outside this run's reach" : (r.error ?? r.statusReason ?? "unknown error"),
        partialOutput: withheld ? null : r.partialOutput,
        actions: actionsOf(events, { withheld }),
        sent: await sentBy(db, r.id, reach),
      };
    }),
  );
  return { failures, more: open.length - shown.length };
}
