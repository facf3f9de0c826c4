// Regenerate: the person an agent answered asks for a new answer. A new run on the same trigger
// message (same agent, depth, reach and requester), linked to the answer's run by
// Run.regenerateOfId. "One run per (agent, trigger message)" (the partial unique index on Run)
// excepts regenerations as it excepts retries: they are asked for explicitly, once per answer
// (regenerateOfId is unique; the new answer may be regenerated in its turn), and recorded as a
// trigger decision of their own on the trigger message, so the chain tree shows them. The old
// answer stays, marked "regenerated" (MessageDto.regenerated).
import { MAX_QUEUED_RUNS_PER_AGENT } from "@/lib/limits";
import { messageIdInput, rooms } from "@/lib/realtime/events";
import { isTerminalStatus } from "@/lib/runs/run-status";
import type { Actor, Deps } from "../deps";
import { AppError, invalidInput } from "../errors";
import { requireMembership } from "../spaces/require-membership";
import { isUniqueViolation } from "../../db/unique-violation";
import { requireCanSteer } from "./require-can-steer";

export async function regenerateAnswer(deps: Deps, actor: Actor, input: unknown, now = new Date()): Promise<{ runId: string }> {
  const parsed = messageIdInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  const message = await deps.db.message.findUnique({ where: { id: parsed.data.messageId }, select: { id: true, spaceId: true, runId: true, deletedAt: true } });
  if (!message || message.deletedAt) throw new AppError("not_found", "Message not found");
  await requireMembership(deps.db, message.spaceId, actor.entityId).catch(() => {
    throw new AppError("not_found", "Message not found");
  });
  if (!message.runId) throw new AppError("bad_request", "Only an agent's answer can be regenerated");
  const { run, isRequester } = await requireCanSteer(deps, actor, message.runId);
  if (!isRequester) throw new AppError("forbidden", "Only the person the agent answered can regenerate its answer");
  if (run.triggerType !== "space_message" || !run.triggerMessageId || !run.triggerSpaceId)
    throw new AppError("bad_request", "Only an answer to a message can be regenerated");
  if (!isTerminalStatus(run.status)) throw new AppError("conflict", "The agent is still working on this answer; stop it first");
  const trigger = await deps.db.message.findUnique({ where: { id: run.triggerMessageId }, select: { deletedAt: true } });
  if (!trigger || trigger.deletedAt) throw new AppError("conflict", "The message it answered was deleted");
  let runId: string;
  try {
    runId = await deps.db.$transaction(async (tx) => {
      // The same cap a new trigger meets: regenerating must not be a way past it.
      const queued = await tx.run.count({ where: { agentId: run.agentId, status: "queued" } });
      if (queued >= MAX_QUEUED_RUNS_PER_AGENT) throw new AppError("conflict", `The agent already has ${queued} queued runs; try again later`);
      const created = await tx.run.create({
        data: {
          agentId: run.agentId,
          triggerType: "space_message",
          triggerMessageId: run.triggerMessageId,
          triggerSpaceId: run.triggerSpaceId,
          triggerEntityId: run.triggerEntityId,
          chainDepth: run.chainDepth,
          activeSpaceId: run.triggerSpaceId,
          reach: run.reach,
          requesterId: run.requesterId,
          regenerateOfId: run.id,
          queuedAt: now,
        },
        select: { id: true },
      });
      await tx.triggerDecision.create({
        data: {
          messageId: run.triggerMessageId!,
          agentId: run.agentId,
          decision: "triggered",
          reason: `regenerated: the requester asked for a new answer (replacing run ${run.id})`,
          runId: created.id,
        },
      });
      return created.id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("conflict", "This answer was already regenerated");
    throw e;
  }
  deps.events.publish(rooms.space(message.spaceId), "message:regenerated", { spaceId: message.spaceId, messageId: message.id, runId });
  deps.bus?.emit("run:steer", { op: "queued", runId });
  return { runId };
}
