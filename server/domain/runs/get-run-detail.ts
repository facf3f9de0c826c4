// One run for the inspector: the run, what triggered it, the messages it sent, its timeline and
// the context the model was given.
import type { RunDto } from "@/lib/realtime/dto";
import type { RunDetailDto } from "@/lib/runs/run-dtos";
import type { RunEventDto } from "@/lib/runs/run-events";
import type { Db } from "../../db/client";
import type { Actor, Deps } from "../deps";
import { messageInclude, toMessageDto } from "../dto";
import { AppError } from "../errors";
import { invalidInput } from "../errors";
import { requireRunInspector } from "./require-admin";
import { retryRunInput as runIdInput } from "./retry-run";
import { runSelect, toRunDto } from "./run-dto";
import { loadRunPlace } from "./run-place";

const MAX_EVENTS = 2000;
const MAX_MESSAGES = 200;

export async function getRunDetail({ db }: Pick<Deps, "db">, actor: Pick<Actor, "isAdmin">, input: { runId: string }): Promise<RunDetailDto> {
  requireRunInspector(actor);
  const parsed = runIdInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  const id = parsed.data.runId;
  const row = await db.run.findUnique({ where: { id }, select: { ...runSelect, contextSnapshot: true, servicePayload: true } });
  if (!row) throw new AppError("not_found", "Run not found");
  const [events, trigger, space, plan, messages] = await Promise.all([
    db.runEvent.findMany({ where: { runId: id }, orderBy: { seq: "asc" }, take: MAX_EVENTS }),
    row.triggerMessageId ? db.message.findUnique({ where: { id: row.triggerMessageId }, include: messageInclude }) : null,
    row.triggerSpaceId ? db.space.findUnique({ where: { id: row.triggerSpaceId }, select: { id: true, name: true } }) : null,
    row.planId ? db.plan.findUnique({ where: { id: row.planId }, select: { id: true, name: true, instruction: true } }) : null,
    db.message.findMany({ where: { runId: id }, orderBy: { createdAt: "asc" }, include: messageInclude, take: MAX_MESSAGES }),
  ]);
  const place = await loadRunPlace(
    db,
    row,
    messages.map((m) => m.id),
  );
  return {
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
    events: events.map(toRunEventDto),
    place,
  };
}

/** A run as the inspector shows it, e.g. after a cancel. */
export async function getRunDto(db: Db, runId: string): Promise<RunDto> {
  return toRunDto(await db.run.findUniqueOrThrow({ where: { id: runId }, select: runSelect }));
}

/** Rows are written only by appendRunEvent, whose `type` fixes the shape of `data`. */
function toRunEventDto(e: { runId: string; seq: number; type: string; data: unknown; createdAt: Date }): RunEventDto {
  return { runId: e.runId, seq: e.seq, type: e.type, data: e.data, createdAt: e.createdAt.toISOString() } as RunEventDto;
}
