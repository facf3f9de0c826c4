// The live half of failure notes (server/domain/runs/failure-notes.ts builds them): the person
// whose message an agent could not answer is told at once, in their own entity room (every tab
// and device of theirs, no one else), and the same note is listed again after a reload.
import { rooms } from "@/lib/realtime/events";
import type { MessageDto } from "@/lib/realtime/dto";
import { isFailureRefusal } from "@/lib/agents/failure-notes";
import type { GatewayCtx } from "../gateway-context";
import { failureNoteForRun, noteForRefusal } from "../../domain/runs/failure-notes";

/** After a run failed: its requester's note, when it failed their own message. */
export async function tellRequesterOfFailure(ctx: Pick<GatewayCtx, "db" | "events">, runId: string): Promise<void> {
  const found = await failureNoteForRun(ctx.db, runId);
  if (found) ctx.events.publish(rooms.entity(found.to), "run:failure_note", found.note);
}

/** After the trigger decisions for a person's message: one note per agent refused for a reason only a fix lifts. Returns their names. */
export async function tellRequesterOfRefusal(
  ctx: Pick<GatewayCtx, "events" | "clock">,
  m: MessageDto,
  outcomes: readonly { name: string; agentId?: string; decision: string; reason: string }[],
): Promise<Set<string>> {
  const noted = new Set<string>();
  for (const o of outcomes) {
    if (o.decision !== "refused" || !o.agentId || !isFailureRefusal(o.reason)) continue;
    const note = noteForRefusal({ agentId: o.agentId, agentName: o.name, spaceId: m.spaceId, messageId: m.id, reason: o.reason, at: ctx.clock.now() });
    ctx.events.publish(rooms.entity(m.sender.id), "run:failure_note", note);
    noted.add(o.name);
  }
  return noted;
}
