// ACTIVE RUNS: the agent's unfinished runs, the message each is handling (so a run does not
// answer a request another run has), and what each waiting one asked.
import type { ContextInput } from "../context-input";
import { clip, quote } from "../format";

const QUESTION_CHARS = 200;

export function runsBlock(input: ContextInput): string {
  const lines = input.activeRuns.map((r) => {
    const me = r.id === input.runId ? " (this run)" : "";
    const why =
      r.triggerType === "space_message"
        ? `${r.triggerMessageId ? `handling msg:${r.triggerMessageId} from` : "triggered by"} ${r.senderName ? quote(r.senderName) : "someone"} in ${quote(r.spaceName ?? "?")}`
        : `triggered by ${r.triggerType}`;
    const asked = r.question ? `, asked msg:${r.question.messageId} ${quote(clip(r.question.text, QUESTION_CHARS))}` : "";
    const state = r.status === "waiting_reply" ? `waiting_reply in ${quote(r.waitingIn ?? "?")}${asked}` : r.status;
    return `  - Run ${r.id}${me} — ${state}, ${why}`;
  });
  return ["ACTIVE RUNS:", ...(lines.length ? lines : ["  none"])].join("\n");
}
