// THIS RUN SO FAR: what the run did in its earlier model calls. A resumed call (after a wait)
// and a call that takes over from a dead attempt are fresh model calls with no tool history
// of their own; without this they would not know which tools they already called or which
// messages they already posted, and would answer the trigger again.
import { MAX_RUN_ACTIONS_SHOWN } from "@/lib/limits";
import type { Db } from "../../db/client";
import type { ThisRun } from "./context-input";
import { actionsOf, readBeyond, sentBy } from "./run-actions";
import { clip } from "./format";
import { parseSeen } from "../runs/seen-ranges";

const TEXT_CHARS = 500;
/** Events read back per run: a run has at most MAX_TOOL_STEPS steps of a few calls each, plus waits. */
const EVENT_WINDOW = 400;

export async function loadThisRun(db: Db, run: { id: string; reach: readonly string[]; seenCursors: unknown; waitCount: number }): Promise<ThisRun | null> {
  const events = await db.runEvent.findMany({
    where: { runId: run.id, type: { in: ["context", "tool_call", "tool_result", "model_step"] } },
    orderBy: { seq: "desc" },
    take: EVENT_WINDOW,
    select: { type: true, data: true },
  });
  events.reverse();
  const previousCalls = events.filter((e) => e.type === "context").length;
  if (previousCalls === 0) return null;
  // A run narrowed since (a reply from someone who sees less) must not carry what it read in
  // the spaces it lost into this call: its inputs and private text may quote them.
  const seenSpaces = Object.keys(parseSeen(run.seenCursors));
  const sent = await sentBy(db, run.id, run.reach);
  const withheld = readBeyond(events, run.reach) || seenSpaces.some((s) => !run.reach.includes(s)) || sent.some((m) => m.space === null);
  const all = actionsOf(events, { withheld });
  const lastText = [...events].reverse().find((e) => e.type === "model_step" && ((e.data as { text?: string }).text ?? "").trim());
  return {
    previousCalls,
    // Each call that ended normally either ended the run or parked it on a wait.
    interrupted: previousCalls > run.waitCount,
    actions: all.slice(-MAX_RUN_ACTIONS_SHOWN),
    omittedActions: Math.max(0, all.length - MAX_RUN_ACTIONS_SHOWN),
    sent,
    lastText: lastText && !withheld ? clip((lastText.data as { text: string }).text.trim(), TEXT_CHARS) : null,
    withheld,
  };
}
