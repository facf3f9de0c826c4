// Wait marks on history lines. A question asked with wait: true says so only while the run
// that asked still waits for it; once answered (or timed out) the mark would make every agent
// that reads the line think someone is still waiting. A message that answered a waiting run
// says whose, so other agents know it was meant for that run and not for them.
import type { Db } from "../../db/client";
import type { EntityRef } from "./context-input";
import type { WaitState } from "../runs/waits";

interface Row {
  id: string;
  seq: number;
  runId: string | null;
  origin: unknown;
}

export async function loadWaitMarks(db: Db, rows: readonly Row[]): Promise<Map<string, { waitOpen: boolean; answeredWaitOf: EntityRef[] }>> {
  const marks = new Map<string, { waitOpen: boolean; answeredWaitOf: EntityRef[] }>();
  if (rows.length === 0) return marks;
  const asked = rows.filter((r) => r.runId && (r.origin as { expectsReply?: boolean } | null)?.expectsReply === true);
  const [waiting, resumed] = await Promise.all([
    asked.length ? db.run.findMany({ where: { id: { in: asked.map((r) => r.runId!) }, status: "waiting_reply" }, select: { id: true, waitState: true } }) : [],
    db.triggerDecision.findMany({
      where: { messageId: { in: rows.map((r) => r.id) }, decision: "resumed" },
      select: { messageId: true, agentId: true },
    }),
  ]);
  const waits = new Map(waiting.map((r) => [r.id, r.waitState as WaitState | null]));
  const agents = resumed.length
    ? await db.agent.findMany({
        where: { id: { in: [...new Set(resumed.map((d) => d.agentId))] } },
        select: { id: true, entity: { select: { id: true, name: true, type: true } } },
      })
    : [];
  const agentRefs = new Map(agents.map((a) => [a.id, a.entity as EntityRef]));
  for (const r of rows) {
    const w = r.runId ? waits.get(r.runId) : undefined;
    // Between saving the wait and posting the question the wait has no messageId yet; the question is the run's message after it.
    const waitOpen = !!w && !w.reply && (w.messageId === r.id || (!w.messageId && r.seq > w.afterSeq));
    const answeredWaitOf = resumed.filter((d) => d.messageId === r.id).flatMap((d) => agentRefs.get(d.agentId) ?? []);
    if (waitOpen || answeredWaitOf.length) marks.set(r.id, { waitOpen, answeredWaitOf });
  }
  return marks;
}
