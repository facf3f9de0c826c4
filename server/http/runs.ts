// The run inspector's API (admins only; the admin panel grows from here):
//   GET /api/runs?agentId=&status=&spaceId=&limit=  → { runs }
//   GET /api/runs/:id                               → { run, events, context, trigger }
//   POST /api/runs/:id/cancel                       → { run }
import { z } from "zod";
import { AppError } from "../domain/errors";
import { runInclude, toRunDto } from "../agents/runs/run-dto";
import { cancelRun } from "../agents/runs/transitions";
import { RUN_STATUSES } from "@/lib/runs/run-status";
import { toMessageDto, messageInclude } from "../domain/dto";
import { authed, requireAdmin } from "./endpoint";
import { json } from "./respond";

const listQuery = z.object({
  agentId: z.string().max(64).optional(),
  status: z.enum(RUN_STATUSES).optional(),
  spaceId: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const listRunsHandler = authed(async (req, deps, _p, caller) => {
  requireAdmin(caller, "inspect runs");
  const parsed = listQuery.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "Bad query");
  const q = parsed.data;
  const rows = await deps.db.run.findMany({
    where: {
      ...(q.agentId ? { agentId: q.agentId } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...(q.spaceId ? { OR: [{ triggerSpaceId: q.spaceId }, { activeSpaceId: q.spaceId }] } : {}),
    },
    orderBy: { queuedAt: "desc" },
    take: q.limit,
    include: runInclude,
  });
  return json({ runs: rows.map(toRunDto) });
});

export const getRunHandler = authed<{ id: string }>(async (_req, deps, { id }, caller) => {
  requireAdmin(caller, "inspect runs");
  const row = await deps.db.run.findUnique({ where: { id }, include: runInclude });
  if (!row) throw new AppError("not_found", "Run not found");
  const [events, trigger, space, plan, messages] = await Promise.all([
    deps.db.runEvent.findMany({ where: { runId: id }, orderBy: { seq: "asc" }, take: 2000 }),
    row.triggerMessageId ? deps.db.message.findUnique({ where: { id: row.triggerMessageId }, include: messageInclude }) : null,
    row.triggerSpaceId ? deps.db.space.findUnique({ where: { id: row.triggerSpaceId }, select: { id: true, name: true } }) : null,
    row.planId ? deps.db.plan.findUnique({ where: { id: row.planId }, select: { id: true, name: true, instruction: true } }) : null,
    deps.db.message.findMany({ where: { runId: id }, orderBy: { createdAt: "asc" }, include: messageInclude, take: 200 }),
  ]);
  return json({
    run: toRunDto(row),
    context: row.contextSnapshot,
    trigger: {
      message: trigger ? toMessageDto(trigger) : null,
      space,
      plan,
      serviceName: row.serviceName,
      payload: row.servicePayload,
    },
    messages: messages.map(toMessageDto),
    events: events.map((e) => ({ runId: e.runId, seq: e.seq, type: e.type, data: e.data, createdAt: e.createdAt.toISOString() })),
  });
});

export const cancelRunHandler = authed<{ id: string }>(async (_req, deps, { id }, caller) => {
  requireAdmin(caller, "inspect runs");
  if (!deps.gateway) throw new AppError("internal", "The agent gateway is not running");
  const ok = await cancelRun(deps.gateway.ctx, id, `canceled by ${caller.name}`);
  if (!ok) throw new AppError("conflict", "The run already ended or does not exist");
  const row = await deps.db.run.findUniqueOrThrow({ where: { id }, include: runInclude });
  return json({ run: toRunDto(row) });
});
