// A run's tool calls and posted messages, read back from its RunEvents and Message rows, for
// the contexts that tell an agent what a run already did (THIS RUN SO FAR, FAILED RUNS).
// Results are summarised to a few scalar fields: a tool's full output (a page of messages,
// a memory) is not repeated, only what it came to.
import { toolError } from "@/lib/runs/run-events";
import type { Db } from "../../db/client";
import type { RunAction, SentMessage } from "./context-input";
import { clip, oneLineJson } from "./format";

const INPUT_CHARS = 200;
const RESULT_CHARS = 160;
const SENT_CHARS = 300;
const FIRST = ["status", "messageId", "spaceId", "id", "count", "seq"];

interface EventRow {
  type: string;
  data: unknown;
}

/** Tool calls in the order made, each with its result; a call without a result was cut off. */
export function actionsOf(events: readonly EventRow[], opts: { withheld: boolean }): RunAction[] {
  const results = new Map<string, unknown>();
  for (const e of events) {
    const d = e.data as { toolCallId?: string; output?: unknown };
    if (e.type === "tool_result" && d.toolCallId) results.set(d.toolCallId, d.output);
  }
  const actions: RunAction[] = [];
  for (const e of events) {
    if (e.type !== "tool_call") continue;
    const d = e.data as { toolCallId?: string; name?: string; input?: unknown };
    const tool = d.name ?? "?";
    const has = d.toolCallId !== undefined && results.has(d.toolCallId);
    actions.push({
      tool,
      input: opts.withheld ? null : clip(oneLineJson(d.input ?? null), INPUT_CHARS),
      result: has ? summarize(results.get(d.toolCallId!), opts.withheld) : "no result (the call was cut off)",
    });
  }
  return actions;
}

/** What a withheld call's error says instead of its message. */
export const WITHHELD_ERROR = "error (its message is withheld)";

/** `error: "…"`, or the output's scalar fields (`status: "sent", messageId: "m5"`), or `ok`. */
export function summarize(output: unknown, withheld: boolean): string {
  const error = toolError(output);
  // An error may quote the call's input or what it read (a tool's or a library's message): withheld like them.
  if (error) return withheld ? WITHHELD_ERROR : `error: ${clip(oneLineJson(error), RESULT_CHARS)}`;
  if (!output || typeof output !== "object") return output === undefined || output === null ? "ok" : withheld ? "ok" : clip(oneLineJson(output), RESULT_CHARS);
  const parts: string[] = [];
  // Stored as jsonb, which does not keep key order: a fixed order keeps the line stable.
  const rank = (k: string) => (FIRST.includes(k) ? FIRST.indexOf(k) : FIRST.length);
  const entries = Object.entries(output).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  for (const [k, v] of entries) {
    if (typeof v === "number" || typeof v === "boolean") parts.push(`${k}: ${v}`);
    else if (Array.isArray(v)) parts.push(`${k}: ${v.length} item${v.length === 1 ? "" : "s"}`);
    else if (typeof v === "string" && !withheld && (k === "status" || k.endsWith("Id") || k === "id")) parts.push(`${k}: ${oneLineJson(clip(v, 60))}`);
  }
  return parts.length ? clip(parts.slice(0, 5).join(", "), RESULT_CHARS) : "ok";
}

/** Messages the runs posted (oldest first); a space outside `reach` is not named and its text not shown. */
export async function sentBy(db: Db, runId: string, reach: readonly string[], take = 20): Promise<SentMessage[]> {
  const rows = await db.message.findMany({
    where: { runId },
    orderBy: { createdAt: "asc" },
    take,
    select: { id: true, text: true, deletedAt: true, origin: true, space: { select: { id: true, name: true } } },
  });
  return rows.map((m) => {
    const visible = reach.includes(m.space.id);
    return {
      messageId: m.id,
      space: visible ? m.space : null,
      // Removed since (its text is gone where stored): the run still knows it posted, not what.
      text: visible ? (m.deletedAt ? "(this message was deleted)" : clip(m.text, SENT_CHARS)) : null,
      wait: (m.origin as { expectsReply?: boolean } | null)?.expectsReply === true,
    };
  });
}

/**
 * True when some model call of a run (its `context` events) could read a space outside
 * `reach`: what that call did (tool inputs, private text, partial output) may quote it, so a
 * reader with this reach gets the run's actions without inputs. A run's reach only narrows,
 * so this is how a reply from someone who sees less, or a requester leaving a space, shows.
 */
export function readBeyond(events: { type: string; data: unknown }[], reach: readonly string[]): boolean {
  return events.some((e) => e.type === "context" && ((e.data as { reach?: string[] }).reach ?? []).some((s) => !reach.includes(s)));
}
