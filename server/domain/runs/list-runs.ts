// The admin run list: newest first, filtered by agent, space (runs triggered there and runs
// working there now), status, trigger type and time, a page at a time. Pages are keyset on
// (queuedAt, id) compared in SQL against the cursor run's own row: queuedAt is stored to the
// microsecond and a JavaScript Date holds milliseconds, so a cursor carried as a Date could
// skip runs queued within the same millisecond. Equal timestamps are ordered by id, so a page
// never repeats or skips a run, even while new runs arrive.
import { z } from "zod";
import { MAX_RUNS_PAGE_SIZE, RUNS_PAGE_SIZE } from "@/lib/limits";
import type { RunListDto, RunListItemDto } from "@/lib/runs/run-dtos";
import { TRIGGER_TYPES } from "@/lib/runs/run-filters";
import { RUN_STATUSES } from "@/lib/runs/run-status";
import { Prisma } from "@/generated/prisma/client";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { invalidInput } from "../errors";
import { requireRunInspector } from "./require-admin";
import { runSelect, toRunDto } from "./run-dto";
import { loadRunViewer, redactRunDto, seesRun, type RunViewer } from "./redact-run";
import { WITHHELD } from "@/lib/runs/withheld";
import { plainText } from "@/lib/plain-text";
import { spaceLabels } from "../spaces/space-labels";

const id = z.string().regex(/^[\w-]{1,64}$/, "Not an id");

/** Query-string values, so numbers and instants arrive as text. */
export const listRunsQuery = z
  .object({
    agentId: id.optional(),
    spaceId: id.optional(),
    status: z.enum(RUN_STATUSES).optional(),
    triggerType: z.enum(TRIGGER_TYPES).optional(),
    /** Runs queued at or after `from`, and before `to` (ISO 8601 instants). */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    /** Keyset cursor: the id of the last run of the previous page (`nextBefore`). */
    before: id.optional(),
    limit: z.coerce.number().int().min(1).max(MAX_RUNS_PAGE_SIZE).default(RUNS_PAGE_SIZE),
  })
  .strict()
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { path: ["to"], message: "Must be after from" });

const EXCERPT_CHARS = 120;

/** `query` is checked only once the actor may inspect runs: a member learns nothing from a 400. */
export async function listRuns({ db }: Pick<Deps, "db">, actor: Pick<Actor, "isAdmin" | "entityId">, query: Record<string, string>): Promise<RunListDto> {
  requireRunInspector(actor);
  const parsed = listRunsQuery.safeParse(query);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  const q = parsed.data;
  if (q.before && !(await db.run.findUnique({ where: { id: q.before }, select: { id: true } }))) {
    throw new AppError("bad_request", "before: No such run", { fields: { before: "No such run" } });
  }
  const where = [
    q.agentId && Prisma.sql`"agentId" = ${q.agentId}`,
    q.spaceId && Prisma.sql`("triggerSpaceId" = ${q.spaceId} OR "activeSpaceId" = ${q.spaceId})`,
    q.status && Prisma.sql`"status" = ${q.status}::"RunStatus"`,
    q.triggerType && Prisma.sql`"triggerType" = ${q.triggerType}::"TriggerType"`,
    q.from && Prisma.sql`"queuedAt" >= ${new Date(q.from)}::timestamp`,
    q.to && Prisma.sql`"queuedAt" < ${new Date(q.to)}::timestamp`,
    q.before && Prisma.sql`("queuedAt", "id") < (SELECT "queuedAt", "id" FROM "Run" WHERE "id" = ${q.before})`,
  ].filter((c): c is Prisma.Sql => Boolean(c));
  const ids = await db.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Run"
    ${where.length ? Prisma.sql`WHERE ${Prisma.join(where, " AND ")}` : Prisma.empty}
    ORDER BY "queuedAt" DESC, "id" DESC
    LIMIT ${q.limit + 1}`;
  const page = ids.slice(0, q.limit).map((r) => r.id);
  const rows = await db.run.findMany({ where: { id: { in: page } }, select: runSelect });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = page.flatMap((runId) => byId.get(runId) ?? []);
  const [excerpts, viewer] = await Promise.all([loadExcerpts(db, ordered, actor.entityId), loadRunViewer(db, actor)]);
  const runs = ordered.map((r) => ({ ...redactRunDto(viewer, toRunDto(r), r), ...redactExcerpt(viewer, r, excerpts(r)) }));
  return { runs, nextBefore: ids.length > q.limit ? page[page.length - 1]! : null };
}

type Row = Parameters<typeof toRunDto>[0];

/** The trigger's words and space for a page of runs: three lookups by primary key, whatever the page. */
type Excerpt = Pick<RunListItemDto, "triggerExcerpt" | "triggerSpaceName" | "triggerSpaceKind">;

async function loadExcerpts(db: Deps["db"], rows: Row[], viewerEntityId: string): Promise<(r: Row) => Excerpt> {
  const ids = (pick: (r: Row) => string | null) => [...new Set(rows.map(pick).filter((v): v is string => Boolean(v)))];
  const [messages, spaces, plans] = await Promise.all([
    db.message.findMany({ where: { id: { in: ids((r) => r.triggerMessageId) } }, select: { id: true, text: true, deletedAt: true } }),
    spaceLabels(
      db,
      ids((r) => r.triggerSpaceId),
      viewerEntityId,
    ),
    db.plan.findMany({ where: { id: { in: ids((r) => r.planId) } }, select: { id: true, name: true } }),
  ]);
  const text = new Map(messages.map((m) => [m.id, m.deletedAt ? null : m.text]));
  const planName = new Map(plans.map((p) => [p.id, p.name]));
  return (r) => {
    const excerpt =
      r.triggerType === "space_message"
        ? r.triggerMessageId && text.get(r.triggerMessageId)
        : r.triggerType === "plan"
          ? r.planId && planName.has(r.planId) && `plan “${planName.get(r.planId)}”`
          : r.serviceName && `service ${r.serviceName}`;
    const space = r.triggerSpaceId ? spaces.get(r.triggerSpaceId) : undefined;
    return { triggerExcerpt: excerpt ? clip(excerpt) : null, triggerSpaceName: space?.name ?? null, triggerSpaceKind: space?.kind ?? null };
  };
}

/** The trigger's words and its space's name, for a viewer who reads them (redact-run.ts). */
function redactExcerpt(viewer: RunViewer, r: Row, e: Excerpt): Excerpt {
  const inSpace = !r.triggerSpaceId || viewer.spaces.has(r.triggerSpaceId);
  return {
    // A service's name is the admin's own; a message's words and a plan's name came from the run's spaces.
    triggerExcerpt: e.triggerExcerpt !== null && r.triggerType !== "service" && !(inSpace && seesRun(viewer, r)) ? WITHHELD : e.triggerExcerpt,
    triggerSpaceName: e.triggerSpaceName !== null && !inSpace ? WITHHELD : e.triggerSpaceName,
    triggerSpaceKind: e.triggerSpaceKind,
  };
}

/** One line of what a reader sees: markdown markup stripped, then clipped. */
const clip = (text: string) => plainText(text, EXCERPT_CHARS);
