// How the audit list names each action, and a change's fields as "before → after" lines.
import type { AuditAction, AuditEntryDto } from "./audit-actions";

export const AUDIT_LABELS: Record<AuditAction, string> = {
  // The subject names the agent ('agent "Scout"') or the space ("space #design").
  "agent.create": "created",
  "agent.update": "changed",
  "agent.archive": "deleted (archived)",
  "agent.space_add": "added the agent to",
  "agent.space_remove": "removed the agent from",
  "agent.reply_mode": "changed the reply mode of",
  "goal.create": "added goal",
  "goal.update": "changed goal",
  "goal.delete": "deleted goal",
  "memory.create": "added memory",
  "memory.update": "changed memory",
  "memory.delete": "deleted memory",
  "plan.create": "added plan",
  "plan.update": "changed plan",
  "plan.pause": "paused plan",
  "plan.resume": "resumed plan",
  "plan.run_now": "ran plan now",
  "plan.delete": "deleted plan",
  "key.rotate": "rotated service key",
  "key.revoke": "revoked service key",
  "settings.update": "changed settings",
  "space.budget": "set the agents' token budget of",
  "person.role": "changed the role of",
  "person.deactivate": "deactivated",
  "person.reactivate": "reactivated",
  "person.password_reset": "issued a password reset link for",
  "invite.create": "created",
  "invite.revoke": "revoked",
};

const CLIP = 160;

/** A stored value as one short line: text as is, everything else as JSON; none as "—". */
export function showValue(v: unknown): string {
  if (v === null || v === undefined) return "—";
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s.length > CLIP ? `${s.slice(0, CLIP)}…` : s;
}

/** One row per field that changed, in the order the change named them. */
export function auditDiff(e: Pick<AuditEntryDto, "before" | "after">): { field: string; before: string; after: string }[] {
  const keys = [...new Set([...Object.keys(e.after ?? {}), ...Object.keys(e.before ?? {})])];
  return keys.map((field) => ({ field, before: showValue(e.before?.[field]), after: showValue(e.after?.[field]) }));
}
