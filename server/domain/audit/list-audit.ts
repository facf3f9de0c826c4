import { z } from "zod";
import type { AuditAction, AuditEntryDto } from "@/lib/audit/audit-actions";
import { AUDIT_PAGE_SIZE } from "@/lib/limits";
import type { Actor, Deps } from "../deps";
import { requireAgentAdmin } from "../agents/require-agent-admin";
import { covers, loadRunViewer } from "../runs/redact-run";
import { WITHHELD } from "@/lib/runs/withheld";

export const listAuditInput = z
  .object({
    agentId: z.string().min(1).max(100).optional(),
    /** Keyset cursor: the id of the last entry of the previous page. */
    before: z.string().min(1).max(100).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
  })
  .strict();

/**
 * Changes, newest first, for the audit list (every change) or one agent's page: an admin's, or
 * one the agent's run made to its memories, goals or plans (with the run and whom it acted for). Admins
 * only. Keyset pagination on (createdAt, id), so a page never repeats or skips an entry when
 * changes are made while someone pages.
 */
export async function listAudit(
  { db }: Pick<Deps, "db">,
  actor: Actor,
  input: z.input<typeof listAuditInput>,
): Promise<{ entries: AuditEntryDto[]; nextBefore: string | null }> {
  requireAgentAdmin(actor);
  const { agentId, before, limit } = listAuditInput.parse(input);
  const cursor = before ? await db.auditEntry.findUnique({ where: { id: before }, select: { id: true, createdAt: true } }) : null;
  const viewer = await loadRunViewer(db, actor);
  const rows = await db.auditEntry.findMany({
    where: {
      ...(agentId && { agentId }),
      ...(cursor && { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] }),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    include: { actor: { select: { id: true, name: true } } },
  });
  const page = rows.slice(0, limit);
  const forIds = [...new Set(page.map((r) => r.requesterId).filter((id): id is string => !!id))];
  const forNames = new Map(
    (forIds.length ? await db.entity.findMany({ where: { id: { in: forIds } }, select: { id: true, name: true } }) : []).map((e) => [e.id, e.name]),
  );
  // A memory, goal or plan a run wrote came from that run's spaces: its words are shown only to
  // an admin in all of them (as runs are, server/domain/runs/redact-run.ts).
  const values = (r: (typeof page)[number], v: unknown) => {
    const fields = (v as Record<string, unknown> | null) ?? null;
    return fields && !covers(viewer, r.itemReach) ? Object.fromEntries(Object.keys(fields).map((k) => [k, WITHHELD])) : fields;
  };
  return {
    entries: page.map((r) => ({
      id: r.id,
      actor: r.actor,
      agentId: r.agentId,
      action: r.action as AuditAction,
      subject: covers(viewer, r.itemReach) ? r.subject : WITHHELD,
      before: values(r, r.before),
      after: values(r, r.after),
      createdAt: r.createdAt.toISOString(),
      run: r.runId ? { id: r.runId, forName: r.requesterId ? (forNames.get(r.requesterId) ?? null) : null } : null,
    })),
    nextBefore: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}
