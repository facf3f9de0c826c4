// What a resumed run asked before it paused: its question, so RESUMED can name it.
import type { Db } from "../../db/client";
import type { WaitState } from "../runs/waits";
import { reachCovers } from "../reach/reach";

export async function loadQuestion(
  db: Db,
  wait: WaitState,
  reach: readonly string[],
): Promise<{ messageId: string; text: string; space: { id: string; name: string } } | null> {
  if (!wait.messageId || !reach.includes(wait.spaceId)) return null;
  const m = await db.message.findFirst({
    where: { id: wait.messageId, deletedAt: null },
    select: { id: true, text: true, space: { select: { id: true, name: true } } },
  });
  return m && m.space.id === wait.spaceId ? { messageId: m.id, text: m.text, space: m.space } : null;
}

/**
 * The questions the agent's waiting runs asked, by run id: only those posted in a space of
 * `reach`, by runs whose whole reach this one covers (as get_my_runs shows a wait).
 */
export async function loadQuestions(
  db: Db,
  runs: readonly { id: string; status: string; waitState: unknown; reach: readonly string[] }[],
  reach: readonly string[],
): Promise<Map<string, { messageId: string; text: string }>> {
  const asked = runs.flatMap((r) => {
    const w = r.waitState as WaitState | null;
    const shown = r.status === "waiting_reply" && w?.messageId && reach.includes(w.spaceId) && reachCovers(reach, r.reach);
    return shown ? [{ runId: r.id, messageId: w.messageId! }] : [];
  });
  if (asked.length === 0) return new Map();
  const rows = await db.message.findMany({
    where: { id: { in: asked.map((a) => a.messageId) }, spaceId: { in: [...reach] }, deletedAt: null },
    select: { id: true, text: true },
  });
  const texts = new Map(rows.map((m) => [m.id, m.text]));
  return new Map(asked.flatMap((a) => (texts.has(a.messageId) ? [[a.runId, { messageId: a.messageId, text: texts.get(a.messageId)! }] as const] : [])));
}
