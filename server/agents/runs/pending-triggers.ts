// Seen and handled are two things. A message that triggered one of the agent's live runs (or
// was folded into one) is that run's to handle: another run that reads it (read_messages, or a
// history window that reaches it) was shown it, but did not handle it. Such a run's cursor
// stops before it, so the run that owns it still sees it as its [NEW] trigger; and lines name
// the run that owns it, so the reader does not answer it too.
import type { Db } from "../../db/client";

export interface PendingTrigger {
  runId: string;
  spaceId: string;
  seq: number;
}

/** Messages owned by the agent's live runs other than `exceptRunId`, by message id; optionally in one space. */
export async function pendingTriggers(
  db: Pick<Db, "$queryRaw">,
  agent: { entityId: string },
  exceptRunId: string,
  spaceId?: string,
): Promise<Map<string, PendingTrigger>> {
  const rows = await db.$queryRaw<(PendingTrigger & { messageId: string })[]>`
    SELECT msg.id AS "messageId", owned."runId", msg."spaceId", msg.seq
    FROM (
      SELECT r.id AS "runId", r."triggerMessageId" AS "messageId"
      FROM "Run" r JOIN "Agent" a ON a.id = r."agentId"
      WHERE a."entityId" = ${agent.entityId} AND r.status IN ('queued', 'running', 'waiting_reply') AND r.id <> ${exceptRunId}
        AND r."triggerMessageId" IS NOT NULL
      UNION ALL
      SELECT r.id, td."messageId"
      FROM "TriggerDecision" td JOIN "Run" r ON r.id = td."runId" JOIN "Agent" a ON a.id = r."agentId"
      WHERE a."entityId" = ${agent.entityId} AND td.decision = 'folded' AND r.status IN ('queued', 'running', 'waiting_reply') AND r.id <> ${exceptRunId}
    ) owned JOIN "Message" msg ON msg.id = owned."messageId"
    WHERE ${spaceId ?? null}::text IS NULL OR msg."spaceId" = ${spaceId ?? null}`;
  return new Map(rows.map((r) => [r.messageId, { runId: r.runId, spaceId: r.spaceId, seq: r.seq }]));
}

/** The first seq per space the agent's cursor must stay before. */
export function holdsBySpace(pending: Map<string, PendingTrigger>): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of pending.values()) out.set(p.spaceId, Math.min(out.get(p.spaceId) ?? Number.POSITIVE_INFINITY, p.seq));
  return out;
}
