// The per-run list blocks (FAILED RUNS, ACTIVE RUNS, THIS RUN SO FAR, ADMIN CHANGES, the
// folded messages), each within a room of tokens. The blocks under blocks/ draw what they are
// given; here their data is cut until the drawing fits, and what was cut is counted where the
// block says so. The rooms, and the order in which they shrink, are build-context.ts's.
import type { ContextInput, FailedRun } from "./context-input";
import { fitPrefix, type LineCounter } from "./fit";
import { clip } from "./format";
import { failuresBlock } from "./blocks/failures";
import { runsBlock } from "./blocks/runs";
import { thisRunBlock } from "./blocks/this-run";
import { adminChangesBlock } from "./blocks/admin-changes";
import { foldedLines } from "./blocks/folded";

/** A failure's error and sent texts when its details do not fit: enough to know what it was. */
const SHORT_CHARS = 160;

/** Failures newest first, with all their details while they fit; then each on a few lines; then counted. */
export function boundedFailures(input: ContextInput, room: number, count: LineCounter): string[] {
  const render = (kept: FailedRun[], left: number) => failuresBlock({ ...input, failures: kept, moreFailures: input.moreFailures + left });
  const full = render(input.failures, 0);
  if (count(full) <= room) return full;
  const short = input.failures.map((f) => ({
    ...f,
    error: clip(f.error, SHORT_CHARS),
    partialOutput: null,
    actions: [],
    sent: f.sent.map((m) => ({ ...m, text: m.text === null ? null : clip(m.text, SHORT_CHARS) })),
  }));
  return fitPrefix(short, room, render, count);
}

/** This run's own line always; the others in order while they fit, then counted. */
export function boundedRuns(input: ContextInput, room: number, count: LineCounter): string {
  const mine = input.activeRuns.filter((r) => r.id === input.runId);
  const others = input.activeRuns.filter((r) => r.id !== input.runId);
  const render = (kept: typeof others, left: number) => {
    const shown = new Set([...mine, ...kept]);
    const lines = runsBlock({ ...input, activeRuns: input.activeRuns.filter((r) => shown.has(r)) }).split("\n");
    return left ? [...lines, `  … ${left} more run${left === 1 ? "" : "s"} not shown to fit the context budget (use get_my_runs)`] : lines;
  };
  return fitPrefix(others, room, render, count).join("\n");
}

/**
 * The newest tool calls while they fit (the older ones are counted); what the run already
 * sent stays listed, its texts shortened last, so the model does not send it again.
 */
export function boundedThisRun(input: ContextInput, room: number, count: LineCounter): string[] {
  const r = input.thisRun;
  if (!r) return [];
  const newestFirst = [...r.actions].reverse();
  const render = (run: NonNullable<ContextInput["thisRun"]>) => (kept: typeof newestFirst, left: number) =>
    thisRunBlock({ ...input, thisRun: { ...run, actions: [...kept].reverse(), omittedActions: run.omittedActions + left } });
  const lines = fitPrefix(newestFirst, room, render(r), count);
  if (count(lines) <= room) return lines;
  const short = { ...r, lastText: null, sent: r.sent.map((m) => ({ ...m, text: m.text === null ? null : clip(m.text, SHORT_CHARS) })) };
  return fitPrefix(newestFirst, room, render(short), count);
}

/** The newest changes while they fit; the older ones are counted. */
export function boundedAdminChanges(input: ContextInput, room: number, count: LineCounter): string[] {
  const c = input.adminChanges;
  if (!c) return [];
  return fitPrefix(c.shown, room, (kept, left) => adminChangesBlock({ ...input, adminChanges: { ...c, shown: kept, more: c.more + left } }), count);
}

/** The folded messages while they fit; the rest counted, to be read with read_messages. */
export function boundedFolded(input: ContextInput, room: number, count: LineCounter): string[] {
  const t = input.trigger;
  if (t.type !== "space_message" || !t.folded?.length) return [];
  const render = (kept: NonNullable<typeof t.folded>, left: number) => {
    const lines = foldedLines({ ...input, trigger: { ...t, folded: kept } });
    const head = lines.length ? lines : ["  folded (later messages that joined this run; answer them too):"];
    return left ? [...head, `    … ${left} more folded message${left === 1 ? "" : "s"} not shown to fit the context budget (use read_messages)`] : head;
  };
  return fitPrefix(t.folded, room, render, count);
}
