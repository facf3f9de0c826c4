// What an admin can change, as audit actions (an agent's runs change memories, goals and plans
// too, recorded with the same actions and the run). One list, so the audit page, the agent's
// page and the agent's own "changed since your last run" block name changes the same way.
export const AUDIT_ACTIONS = [
  "agent.create",
  "agent.update",
  "agent.archive",
  "agent.space_add",
  "agent.space_remove",
  "agent.reply_mode",
  "goal.create",
  "goal.update",
  "goal.delete",
  "memory.create",
  "memory.update",
  "memory.delete",
  "plan.create",
  "plan.update",
  "plan.pause",
  "plan.resume",
  "plan.run_now",
  "plan.delete",
  "key.rotate",
  "key.revoke",
  "settings.update",
  "space.budget",
  "person.role",
  "person.deactivate",
  "person.reactivate",
  "person.password_reset",
  "invite.create",
  "invite.revoke",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An audit entry as the API and the admin pages show it. */
export interface AuditEntryDto {
  id: string;
  actor: { id: string; name: string };
  agentId: string | null;
  action: AuditAction;
  subject: string;
  /** The changed fields only; null for a creation (before) or a deletion (after). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
  /** Set when one of the agent's runs made the change (the actor is the agent): the run, and whom it acted for. */
  run: { id: string; forName: string | null } | null;
}
