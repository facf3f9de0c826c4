// A run's timeline: append-only events with a per-run seq, broadcast to admins as they land.
// Each event type's data is fixed by lib/runs/run-events.ts, which the inspector renders.
import { rooms } from "@/lib/realtime/events";
import type { RunEventData, RunEventDto, RunEventType } from "@/lib/runs/run-events";
import type { Prisma } from "@/generated/prisma/client";
import type { GatewayCtx } from "../gateway-context";

export type { RunEventType };

/** Largest string kept in one event field; longer ones are cut (the message itself is in Message). */
const MAX_FIELD = 8000;

export async function appendRunEvent<T extends RunEventType>(
  ctx: Pick<GatewayCtx, "db" | "events">,
  runId: string,
  type: T,
  data: RunEventData<T>,
): Promise<void> {
  // Cutting strings keeps every field's type, so the event still has its type's shape.
  const json: RunEventData<T> = JSON.parse(JSON.stringify(data, (_k, v) => (typeof v === "string" && v.length > MAX_FIELD ? `${v.slice(0, MAX_FIELD)}…` : v)));
  // seq = max + 1; two writers racing (executor and a wait resolution) retry on the unique index.
  for (let attempt = 0; ; attempt++) {
    try {
      const last = await ctx.db.runEvent.findFirst({ where: { runId }, orderBy: { seq: "desc" }, select: { seq: true } });
      const row = await ctx.db.runEvent.create({
        data: { runId, seq: (last?.seq ?? 0) + 1, type, data: json as Prisma.InputJsonValue },
      });
      // TypeScript cannot tie a generic `type` to its `data` inside the union; the signature does.
      const event = { runId, seq: row.seq, type, data: json, createdAt: row.createdAt.toISOString() } as RunEventDto;
      ctx.events.publish(rooms.admins, "run:event", { event });
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== "P2002" || attempt >= 4) throw e;
    }
  }
}
