import type { Prisma } from "@/generated/prisma/client";
import type { AuditAction } from "@/lib/audit/audit-actions";
import type { Db } from "../../db/client";
import type { Actor } from "../deps";

type Fields = Record<string, unknown>;

/**
 * Keeps only the fields that changed, on both sides: the audit shows "before → after" of what
 * an admin actually changed, not the whole record. Values compare by their JSON, so arrays and
 * settings objects count as changed only when their content differs.
 */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } | null {
  const b: Fields = {};
  const a: Fields = {};
  for (const key of Object.keys(after)) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key];
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

/**
 * Records one admin change. Call it in the same transaction as the change, so a change is never
 * made without its entry, nor recorded without having been made. Not a verb of its own: the
 * verb that makes the change has already checked the actor is an admin.
 */
export async function recordAudit(
  db: Db | Prisma.TransactionClient,
  actor: Actor,
  entry: {
    action: AuditAction;
    agentId?: string | null;
    subject: string;
    before?: Fields | null;
    after?: Fields | null;
    /** The reach of the memory, goal or plan changed, so the agent's runs are told only what they may see. */
    itemReach?: readonly string[];
  },
): Promise<void> {
  await db.auditEntry.create({
    data: {
      actorId: actor.entityId,
      agentId: entry.agentId ?? null,
      action: entry.action,
      subject: entry.subject,
      before: (entry.before ?? undefined) as Prisma.InputJsonValue | undefined,
      after: (entry.after ?? undefined) as Prisma.InputJsonValue | undefined,
      itemReach: [...(entry.itemReach ?? [])],
    },
  });
}
