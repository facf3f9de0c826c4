// A run's timeline: append-only events with a per-run seq, sent to admins as they land (each
// admin gets the event as the inspector shows it to them: server/domain/runs/redact-run.ts).
// Each event type's data is fixed by lib/runs/run-events.ts, which the inspector renders.
import { rooms } from "@/lib/realtime/events";
import type { RunEventData, RunEventDto, RunEventType } from "@/lib/runs/run-events";
import { randomUUID } from "node:crypto";
import type { GatewayCtx } from "../gateway-context";
import { isUniqueViolation } from "../../db/unique-violation";
import { Prisma } from "@/generated/prisma/client";
import { adminRunViewers } from "../../domain/runs/admin-run-viewers";
import { redactEvents } from "../../domain/runs/redact-run";

export type { RunEventType };

/** Largest string kept in one event field; longer ones are cut (the message itself is in Message). */
const MAX_FIELD = 8000;

/**
 * Appends one event to the run's timeline. `alsoSetOnRun` (a SET list, such as
 * Prisma.sql`"stepCount" = "stepCount" + 1`) is written to the run in the same statement: what
 * is recorded together costs one round trip, and a retry after a lost race applies it once.
 * `contextText` (a "context" event's whole text) goes in its own column, never in `data`: data
 * is sent to every admin with the event, the text only to one who asks for that call.
 */
export async function appendRunEvent<T extends RunEventType>(
  ctx: Pick<GatewayCtx, "db" | "events">,
  runId: string,
  type: T,
  data: RunEventData<T>,
  alsoSetOnRun?: Prisma.Sql,
  contextText?: string,
): Promise<void> {
  // Cutting strings keeps every field's type, so the event still has its type's shape.
  const json: RunEventData<T> = JSON.parse(JSON.stringify(data, (_k, v) => (typeof v === "string" && v.length > MAX_FIELD ? `${v.slice(0, MAX_FIELD)}…` : v)));
  // seq = max + 1 in the same statement (one round trip: runs append several events before
  // their model call); two writers racing (executor and a wait resolution) retry on the unique index.
  let event: RunEventDto;
  for (let attempt = 0; ; attempt++) {
    try {
      const createdAt = new Date();
      const at = createdAt.toISOString();
      const insert = Prisma.sql`
        INSERT INTO "RunEvent" (id, "runId", seq, type, data, "contextText", "createdAt")
        SELECT ${randomUUID()}, ${runId}, COALESCE(MAX(seq), 0) + 1, ${type}, ${JSON.stringify(json)}::jsonb, ${contextText ?? null}, ${at}::timestamp
        FROM "RunEvent" WHERE "runId" = ${runId}
        RETURNING seq`;
      // A data-modifying WITH runs once, whether or not the INSERT reads it.
      const [row] = await ctx.db.$queryRaw<{ seq: number }[]>`${
        alsoSetOnRun ? Prisma.sql`WITH touched AS (UPDATE "Run" SET ${alsoSetOnRun}, "updatedAt" = ${at}::timestamp WHERE id = ${runId}) ` : Prisma.empty
      }${insert}`;
      // TypeScript cannot tie a generic `type` to its `data` inside the union; the signature does.
      event = { runId, seq: row!.seq, type, data: json, createdAt: at } as RunEventDto;
      break;
    } catch (e) {
      if (!isUniqueViolation(e) || attempt >= 4) throw e;
    }
  }
  const admins = await adminRunViewers(ctx.db, runId);
  for (const a of admins?.admins ?? [])
    ctx.events.publish(rooms.entity(a.entityId), "run:event", { event: redactEvents(a.viewer, [event], admins!.origin)[0]! });
}
