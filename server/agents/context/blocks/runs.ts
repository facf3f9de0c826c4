// ACTIVE RUNS (the agent's other unfinished runs) and PREVIOUS RUN FAILED.
import type { ContextInput } from "../context-input";
import { clip, quote } from "../format";

export function runsBlock(input: ContextInput): string {
  const lines = input.activeRuns.map((r) => {
    const me = r.id === input.runId ? " (this run)" : "";
    const why =
      r.triggerType === "space_message"
        ? `triggered by ${r.senderName ? quote(r.senderName) : "someone"} in ${quote(r.spaceName ?? "?")}`
        : `triggered by ${r.triggerType}`;
    const state = r.status === "waiting_reply" ? `waiting_reply in ${quote(r.waitingIn ?? "?")}` : r.status;
    return `  - Run ${r.id}${me} — ${state}, ${why}`;
  });
  return ["ACTIVE RUNS:", ...(lines.length ? lines : ["  none"])].join("\n");
}

export function failureBlock({ previousFailure: f }: ContextInput): string[] {
  if (!f) return [];
  return [
    "",
    "PREVIOUS RUN FAILED:",
    `  run: ${f.runId} (ended ${f.endedAt})`,
    `  error: ${quote(f.error)}`,
    ...(f.partialOutput ? [`  partialOutput: ${quote(clip(f.partialOutput, 1000))}`] : []),
  ];
}
