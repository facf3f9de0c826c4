// The active space's history window, extended back with [SEEN] messages to the anchor
// (anchor-history.ts): the window is the newest HISTORY_WINDOW messages, so its first line
// moves with every message; the [SEEN] lines start instead on a HISTORY_ANCHOR_BLOCK boundary
// at or before it, and stay there until a whole block has passed. Only messages the agent has
// processed are added: unread ones older than the window stay counted, not shown, as before.
import { HISTORY_ANCHOR_BLOCK, HISTORY_WINDOW } from "@/lib/limits";
import type { Db } from "../../db/client";
import type { HistoryMessage } from "./context-input";
import { historyReactions, toHistoryMessage } from "./history-message";
import { loadHistory } from "./load-context";

const entitySel = { id: true, name: true, type: true } as const;

export async function loadAnchoredHistory(db: Db, spaceId: string, entityId: string) {
  const h = await loadHistory(db, spaceId, entityId, HISTORY_WINDOW, 0, true);
  const first = h?.messages[0]?.seq;
  if (!h || first === undefined || first === 1) return h;
  const from = Math.floor((first - 1) / HISTORY_ANCHOR_BLOCK) * HISTORY_ANCHOR_BLOCK + 1;
  const upTo = Math.min(first - 1, h.lastProcessedSeq);
  if (upTo < from) return h;
  const rows = await db.message.findMany({
    where: { spaceId, deletedAt: null, seq: { gte: from, lte: upTo } },
    orderBy: { seq: "asc" },
    select: {
      id: true,
      seq: true,
      createdAt: true,
      text: true,
      kind: true,
      replyToMessageId: true,
      threadRootId: true,
      origin: true,
      sender: { select: entitySel },
      reactions: historyReactions,
    },
  });
  const older: HistoryMessage[] = rows.map(toHistoryMessage);
  return { ...h, messages: [...older, ...h.messages], extendedFromSeq: from };
}
