// FAILED RUNS: the agent's failed runs that nothing has made up for yet, message runs and plan
// and service runs alike. A failure stays in the context of every run that may see it until a
// run that was shown it completes (the context event of each call records the failures it
// showed: `failuresShown`), so neither a success elsewhere nor an unrelated run that never
// saw it can hide a request that was never answered. Which failed runs this run may see at all
// is load-context.ts's reach rule (`visible`: its whole reach, e.g. a plan's or a service key's
// spaces, within this run's).
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
      where: {
        agentId: run.agentId,
        id: { not: run.id },
        status: "failed",
        OR: [{ triggerSpaceId: { in: reach } }, { triggerType: { in: ["plan", "service"] } }],
      },
      // createdAt breaks ties between runs that ended in the same instant (a coarse or test clock).
      orderBy: [{ endedAt: "desc" }, { createdAt: "desc" }],
      take: LOOK_BACK,
    })
  ).filter(visible);
  if (failed.length === 0) return { failures: [], more: 0 };

  const handled = await handledFailures(db, run.agentId, failed);
  const open = failed.filter((r) => !handled.has(r.id));
  const shown = open.slice(0, MAX_FAILED_RUNS_SHOWN);

  const messageIds = shown.map((r) => r.triggerMessageId).filter(Boolean) as string[];
  const [messages, spaceRows] = await Promise.all([
    // A deleted trigger's words are gone: the failure still shows, without them.
    db.message.findMany({ where: { id: { in: messageIds } }, select: { id: true, text: true, deletedAt: true, sender: { select: entitySel } } }),
    db.space.findMany({ where: { id: { in: shown.flatMap((r) => (r.triggerSpaceId ? [r.triggerSpaceId] : [])) } }, select: { id: true, name: true } }),
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

/** The failed runs among `ids` that a completed run of the agent was shown (its context event's `failuresShown`). */
async function handledFailures(db: Db, agentId: string, failed: { id: string; endedAt: Date | null }[]): Promise<Set<string>> {
  const ids = failed.map((r) => r.id);
  // Only runs that ended after the oldest of them did can have been shown one.
  const since = new Date(Math.min(...failed.map((r) => r.endedAt?.getTime() ?? 0)));
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT DISTINCT shown.id FROM "Run" r
    JOIN "RunEvent" e ON e."runId" = r.id AND e.type = 'context'
    CROSS JOIN LATERAL jsonb_array_elements_text(COALESCE(e.data->'failuresShown', '[]'::jsonb)) AS shown(id)
    WHERE r."agentId" = ${agentId} AND r.status = 'completed' AND r."endedAt" >= ${since} AND shown.id = ANY(${ids}::text[])`;
  return new Set(rows.map((r) => r.id));
}
