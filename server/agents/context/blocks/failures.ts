// FAILED RUNS: the agent's failed runs no later run in their space has made up for
// (load-failures.ts decides which), each with its trigger, error, partial output and what it
// had already done, so the agent neither forgets the request nor repeats what was sent.
import type { ContextInput, FailedRun } from "../context-input";
import { clip, entityRef, quote } from "../format";
import { actionLine, sentLine } from "./this-run";

const TEXT_CHARS = 200;
const OUTPUT_CHARS = 1000;

export function failuresBlock({ failures, moreFailures }: ContextInput): string[] {
  if (failures.length === 0) return [];
  const lines = ["", "FAILED RUNS (not made up for yet; each stays here until a run that was shown it completes):"];
  for (const f of failures) lines.push(...failureLines(f));
  if (moreFailures) lines.push(`  … ${moreFailures} more failed run${moreFailures === 1 ? "" : "s"} not shown`);
  return lines;
}

function failureLines(f: FailedRun): string[] {
  const t = f.trigger;
  const where = t.space ? ` in ${quote(t.space.name)} (id: ${t.space.id})` : "";
  const from = t.sender ? ` from ${entityRef(t.sender)}` : "";
  const what = t.messageId ? `, msg:${t.messageId}${t.text !== null ? ` ${quote(clip(t.text, TEXT_CHARS))}` : ""}` : "";
  return [
    `  - run ${f.runId} (failed ${f.endedAt})`,
    `      trigger: ${t.type}${where}${from}${what}`,
    `      error: ${quote(f.error)}`,
    ...(f.partialOutput ? [`      partialOutput: ${quote(clip(f.partialOutput, OUTPUT_CHARS))}`] : []),
    ...(f.actions.length ? ["      tool calls it made:", ...f.actions.map((a) => `  ${actionLine(a)}`)] : []),
    ...(f.sent.length ? ["      messages it already sent:", ...f.sent.map((m) => `  ${sentLine(m)}`)] : []),
  ];
}
