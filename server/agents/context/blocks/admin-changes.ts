// ADMIN CHANGES: what admins changed about this agent that no earlier run that could see it was
// told (load-admin-changes.ts decides what may be shown). Part of this run's context only: the
// next run that could see them starts after this one and does not see them again. Every name, subject and value is
// a JSON literal, so an admin's (or a run's) words cannot start a block.
import type { AdminChange, ContextInput } from "../context-input";
import { clip, oneLineJson, quote } from "../format";

const VALUES_CHARS = 600;

export function adminChangesBlock({ adminChanges: c }: ContextInput): string[] {
  if (!c || (c.shown.length === 0 && c.more === 0 && c.outsideReach === 0)) return [];
  const since = c.firstRun
    ? `since you were created (${c.since})`
    : c.catchUp
      ? `not yet described to a run that could see them (since ${c.since})`
      : `since your previous run started (${c.since})`;
  const lines = ["", `ADMIN CHANGES ${since}, newest first (the goals, memories and plans above already reflect them):`];
  for (const change of c.shown) lines.push(changeLine(change));
  if (c.more) lines.push(`  … ${c.more} earlier change${c.more === 1 ? "" : "s"} not shown`);
  if (c.outsideReach) {
    lines.push(`  ${c.outsideReach} change${c.outsideReach === 1 ? "" : "s"} to an item outside this conversation's reach (not shown)`);
  }
  return lines;
}

function changeLine(c: AdminChange): string {
  const what = c.subject !== null ? ` ${quote(c.subject)}` : "";
  const values = c.deleted
    ? c.deleted === "this"
      ? ": deleted (its old value is not shown)"
      : ": an item since deleted (its value is not shown)"
    : c.valuesHidden
      ? c.subject === null
        ? ": details not shown"
        : ": values not shown"
      : c.before || c.after
        ? `: ${c.before ? clip(oneLineJson(c.before), VALUES_CHARS) : "(new)"} → ${c.after ? clip(oneLineJson(c.after), VALUES_CHARS) : "(deleted)"}`
        : "";
  return `  - [${c.at}] ${quote(c.actorName)} ${c.action}${what}${values}`;
}
