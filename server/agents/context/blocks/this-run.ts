// THIS RUN SO FAR: the run's own earlier model calls (before a wait, or an attempt that
// died): its tool calls with what they returned, the messages it posted, its last private
// text. Shown only when there was an earlier call.
import type { ContextInput, RunAction, SentMessage } from "../context-input";
import { quote } from "../format";

export function thisRunBlock({ thisRun: r }: ContextInput): string[] {
  if (!r) return [];
  const calls = `${r.previousCalls} earlier model call${r.previousCalls === 1 ? "" : "s"}`;
  const how = r.interrupted ? "the last one was cut off before it finished (its process stopped)" : "this call continues them";
  const lines = ["", `THIS RUN SO FAR (${calls}; ${how}):`];
  if (r.withheld) lines.push("  (inputs, error messages and private text withheld: this run now acts for someone who cannot see every space it read)");
  lines.push("  tool calls, oldest first:");
  if (r.omittedActions) lines.push(`    … ${r.omittedActions} earlier tool call${r.omittedActions === 1 ? "" : "s"} not shown`);
  lines.push(...(r.actions.length ? r.actions.map(actionLine) : ["    none"]));
  lines.push("  messages this run already sent (do not send them again):");
  lines.push(...(r.sent.length ? r.sent.map(sentLine) : ["    none"]));
  if (r.lastText) lines.push(`  your last private text: ${quote(r.lastText)}`);
  return lines;
}

export const actionLine = (a: RunAction): string => `    - ${a.tool}${a.input === null ? "" : ` ${a.input}`} → ${a.result}`;

export function sentLine(m: SentMessage): string {
  if (!m.space || m.text === null) return `    - [msg:${m.messageId}] in a space outside this run's reach`;
  return `    - [msg:${m.messageId}] in ${quote(m.space.name)} (id: ${m.space.id})${m.wait ? ", asked with wait: true" : ""}: ${quote(m.text)}`;
}
