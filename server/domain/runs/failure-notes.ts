// Failure notes (lib/agents/failure-notes.ts) from what the database holds, so a note survives a
// reload: a failed run of a person's own message (not retried yet) and a refusal of it for a
// reason only a fix lifts (not configured, budget), each turned into the member-safe note here
// and nowhere else. GET /api/spaces/:id/failure-notes lists the caller's; the gateway tells
// the sender live (server/agents/notes/tell-requester.ts) with the same builders.
import { type FailureNoteDto, failureKindOf, failureNoteText, isFailureRefusal, RETRY_HELPS } from "@/lib/agents/failure-notes";
import { FAILURE_NOTE_MESSAGES, MAX_FAILURE_NOTES } from "@/lib/limits";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { Actor, Deps } from "../deps";
import { invalidInput } from "../errors";
import { requireMembership } from "../spaces/require-membership";

export function noteForRun(r: {
  id: string;
  agentId: string;
  agentName: string;
  spaceId: string;
  messageId: string;
  error: string | null;
  statusReason: string | null;
  at: Date;
}): FailureNoteDto {
  const kind = failureKindOf(r.error ?? r.statusReason ?? "");
  return {
    spaceId: r.spaceId,
    messageId: r.messageId,
    agentId: r.agentId,
    agentName: r.agentName,
    kind,
    text: failureNoteText(r.agentName, kind),
    runId: r.id,
    retry: RETRY_HELPS[kind],
    at: r.at.toISOString(),
  };
}

export function noteForRefusal(d: { agentId: string; agentName: string; spaceId: string; messageId: string; reason: string; at: Date }): FailureNoteDto {
  const kind = failureKindOf(d.reason);
  return {
    spaceId: d.spaceId,
    messageId: d.messageId,
    agentId: d.agentId,
    agentName: d.agentName,
    kind,
    text: failureNoteText(d.agentName, kind),
    runId: null,
    retry: false,
    at: d.at.toISOString(),
  };
}

/** The note for a run that just failed, when it failed a person's own message; else null. */
export async function failureNoteForRun(db: Db, runId: string): Promise<{ to: string; note: FailureNoteDto } | null> {
  const run = await db.run.findUnique({
    where: { id: runId },
    select: {
      id: true,
      status: true,
      agentId: true,
      triggerMessageId: true,
      requesterId: true,
      error: true,
      statusReason: true,
      endedAt: true,
      agent: { select: { entity: { select: { name: true } } } },
    },
  });
  if (run?.status !== "failed" || !run.triggerMessageId || !run.requesterId) return null;
  const m = await db.message.findUnique({ where: { id: run.triggerMessageId }, select: { id: true, spaceId: true, senderId: true, deletedAt: true } });
  // Only the person whose own message it was: a run deep in a chain failed an agent's message.
  if (!m || m.deletedAt || m.senderId !== run.requesterId) return null;
  return {
    to: m.senderId,
    note: noteForRun({ ...run, agentName: run.agent.entity.name, spaceId: m.spaceId, messageId: m.id, at: run.endedAt ?? new Date() }),
  };
}

export const listFailureNotesInput = z.object({ spaceId: z.string().regex(/^[\w-]{1,64}$/, "Not a space id") }).strict();

/**
 * The caller's notes in one space, newest first (at most MAX_FAILURE_NOTES): their own messages'
 * failed runs that were not retried, and failure refusals of them. Members only.
 */
export async function listFailureNotes({ db }: Pick<Deps, "db">, actor: Actor, input: unknown): Promise<FailureNoteDto[]> {
  const parsed = listFailureNotesInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  const { spaceId } = parsed.data;
  await requireMembership(db, spaceId, actor.entityId);
  const [runs, refusals] = await Promise.all([
    db.run.findMany({
      where: { status: "failed", requesterId: actor.entityId, triggerSpaceId: spaceId, triggerType: "space_message", retriedBy: null },
      orderBy: { endedAt: "desc" },
      take: MAX_FAILURE_NOTES,
      select: {
        id: true,
        agentId: true,
        triggerMessageId: true,
        error: true,
        statusReason: true,
        endedAt: true,
        queuedAt: true,
        agent: { select: { entity: { select: { name: true } } } },
      },
    }),
    refusalsOf(db, spaceId, actor.entityId),
  ]);
  // A failed run counts only for the caller's own messages (not an agent's message in a chain they started).
  const own = new Set(
    (
      await db.message.findMany({
        where: { id: { in: runs.flatMap((r) => (r.triggerMessageId ? [r.triggerMessageId] : [])) }, senderId: actor.entityId, deletedAt: null },
        select: { id: true },
      })
    ).map((m) => m.id),
  );
  const notes = [
    ...runs
      .filter((r) => r.triggerMessageId && own.has(r.triggerMessageId))
      .map((r) => noteForRun({ ...r, agentName: r.agent.entity.name, spaceId, messageId: r.triggerMessageId!, at: r.endedAt ?? r.queuedAt })),
    ...refusals.filter((d) => isFailureRefusal(d.reason)).map((d) => noteForRefusal({ ...d, agentName: d.agent.entity.name, spaceId, at: d.createdAt })),
  ];
  return notes.sort((a, b) => b.at.localeCompare(a.at)).slice(0, MAX_FAILURE_NOTES);
}

/** Failure refusals of the caller's newest messages in the space (a refusal row holds ids only). */
async function refusalsOf(db: Db, spaceId: string, senderId: string) {
  const mine = await db.message.findMany({
    where: { spaceId, senderId, deletedAt: null },
    orderBy: { seq: "desc" },
    take: FAILURE_NOTE_MESSAGES,
    select: { id: true },
  });
  const rows = await db.triggerDecision.findMany({
    where: {
      messageId: { in: mine.map((m) => m.id) },
      decision: "refused",
      OR: [{ reason: { startsWith: "not configured" } }, { reason: { startsWith: "budget" } }],
    },
    orderBy: { createdAt: "desc" },
    take: MAX_FAILURE_NOTES,
    select: { agentId: true, messageId: true, reason: true, createdAt: true },
  });
  const agents = await db.agent.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.agentId))] } },
    select: { id: true, entity: { select: { name: true } } },
  });
  const names = new Map(agents.map((a) => [a.id, a.entity.name]));
  return rows.map((r) => ({ ...r, agent: { entity: { name: names.get(r.agentId) ?? "An agent" } } }));
}
