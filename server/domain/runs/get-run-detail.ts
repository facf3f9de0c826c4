// One run for the inspector: the run, what triggered it, the messages it sent, its timeline and
// the context the model was given, less what came from spaces the viewer is not in (redact-run.ts).
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
import { loadRunViewer, redactContext, redactEvents, redactMessage, redactRunDto, seesRun, type RunViewer } from "./redact-run";
import { WITHHELD } from "@/lib/runs/withheld";

const MAX_EVENTS = 2000;
const MAX_MESSAGES = 200;

export async function getRunDetail({ db }: Pick<Deps, "db">, actor: Pick<Actor, "isAdmin" | "entityId">, input: { runId: string }): Promise<RunDetailDto> {
  requireRunInspector(actor);
  const parsed = runIdInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  const id = parsed.data.runId;
  const row = await db.run.findUnique({ where: { id }, select: { ...runSelect, contextSnapshot: true, servicePayload: true } });
  if (!row) throw new AppError("not_found", "Run not found");
  const [viewer, events, trigger, space, plan, messages] = await Promise.all([
    loadRunViewer(db, actor),
    // Each call's context text is loaded on its own (get-run-call-context.ts), not with the page.
    db.runEvent.findMany({ where: { runId: id }, orderBy: { seq: "asc" }, take: MAX_EVENTS, omit: { contextText: true } }),
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
  const sees = seesRun(viewer, row);
  return {
    run: redactRunDto(viewer, toRunDto(row), row),
    context: redactContext(viewer, row.contextSnapshot, row),
    trigger: {
      message: trigger ? redactMessage(viewer, toMessageDto(trigger)) : null,
      space: space && (viewer.spaces.has(space.id) ? space : { id: space.id, name: WITHHELD }),
      // A plan's instruction and a service's payload were written for this run's reach.
      plan: plan && (sees ? plan : { ...plan, name: WITHHELD, instruction: WITHHELD }),
      serviceName: row.serviceName,
      payload: row.servicePayload === null || sees ? row.servicePayload : WITHHELD,
    },
    messages: messages.map((m) => redactMessage(viewer, toMessageDto(m))),
    events: redactEvents(viewer, events.map(toRunEventDto), row),
    place: redactPlace(viewer, place),
  };
}

/** The trigger message's sender is shown only to readers of its space. */
function redactPlace(viewer: RunViewer, place: RunDetailDto["place"]): RunDetailDto["place"] {
  if (!place.parent || viewer.spaces.has(place.parent.spaceId)) return place;
  return { ...place, parent: { ...place.parent, senderName: WITHHELD } };
}

/** A run as the inspector shows it to this viewer, e.g. after a cancel. */
export async function getRunDto(db: Db, actor: Pick<Actor, "entityId">, runId: string): Promise<RunDto> {
  const [viewer, row] = await Promise.all([loadRunViewer(db, actor), db.run.findUniqueOrThrow({ where: { id: runId }, select: runSelect })]);
  return redactRunDto(viewer, toRunDto(row), row);
}

/** Rows are written only by appendRunEvent, whose `type` fixes the shape of `data`. */
function toRunEventDto(e: { runId: string; seq: number; type: string; data: unknown; createdAt: Date }): RunEventDto {
  return { runId: e.runId, seq: e.seq, type: e.type, data: e.data, createdAt: e.createdAt.toISOString() } as RunEventDto;
}
