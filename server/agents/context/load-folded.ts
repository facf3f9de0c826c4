// Messages folded into a queued run (triggers/on-message.ts records each fold as a
// TriggerDecision with the run's id): the run answers them too, so TRIGGER lists them.
import { MAX_FOLDED_SHOWN } from "@/lib/limits";
import type { Db } from "../../db/client";
import type { FoldedMessage, MessageOrigin } from "./context-input";

export async function loadFolded(db: Db, runId: string, reach: readonly string[]): Promise<FoldedMessage[]> {
  const folds = await db.triggerDecision.findMany({ where: { runId, decision: "folded" }, select: { messageId: true }, take: 200 });
  if (folds.length === 0) return [];
  const rows = await db.message.findMany({
    where: { id: { in: folds.map((f) => f.messageId) }, spaceId: { in: [...reach] }, deletedAt: null },
    // The latest ones: the history shows them all as [NEW] anyway.
    orderBy: { seq: "desc" },
    take: MAX_FOLDED_SHOWN,
    select: { id: true, text: true, origin: true, sender: { select: { id: true, name: true, type: true } } },
  });
  return rows.reverse().map((m) => ({ id: m.id, sender: m.sender, text: m.text, expectsReply: (m.origin as MessageOrigin | null)?.expectsReply === true }));
}
