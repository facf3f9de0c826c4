// An admin retries a failed run: a new queued run with the same trigger (message, plan or
// service call, its depth, reach and requester), linked to the failed one by retryOfId. The
// person whose own message the run failed may retry it too, from the note under that message
// (requireOwnRetry), while still a member of its space and when trying again can help. Only
// failed runs, once each: Run.retryOfId is unique, so two retries sent at once create one run
// and the other gets 409. A message-triggered retry is recorded as a trigger decision on its
// message, so the chain tree shows it. The caller announces the run and wakes the worker.
import { z } from "zod";
import { MAX_QUEUED_RUNS_PER_AGENT } from "@/lib/limits";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { invalidInput } from "../errors";
import { requireRunInspector } from "./require-admin";
import { failureKindOf, RETRY_HELPS } from "@/lib/agents/failure-notes";
import type { Prisma } from "@/generated/prisma/client";

export const retryRunInput = z.object({ runId: z.string().regex(/^[\w-]{1,64}$/, "Not a run id") }).strict();

export async function retryRun(
  { db }: Pick<Deps, "db">,
  actor: Pick<Actor, "isAdmin"> & { entityId?: string },
  input: unknown,
  now = new Date(),
): Promise<{ runId: string }> {
  if (!actor.isAdmin && !actor.entityId) requireRunInspector(actor);
  const parsed = retryRunInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  const { runId } = parsed.data;
  try {
    return await db.$transaction(async (tx) => {
      const old = await tx.run.findUnique({ where: { id: runId }, include: { retriedBy: { select: { id: true } } } });
      if (!old) throw new AppError("not_found", "Run not found");
      if (!actor.isAdmin) await requireOwnRetry(tx, old, actor.entityId!);
      if (old.status !== "failed") throw new AppError("conflict", `Only failed runs can be retried; this one is ${old.status.replace("_", " ")}`);
      if (old.retriedBy) throw new AppError("conflict", `This run was already retried as run ${old.retriedBy.id}`);
      // The same cap a new trigger meets: a retry must not be a way past it.
      const queued = await tx.run.count({ where: { agentId: old.agentId, status: "queued" } });
      if (queued >= MAX_QUEUED_RUNS_PER_AGENT) {
        throw new AppError("conflict", `The agent already has ${queued} queued runs (limit ${MAX_QUEUED_RUNS_PER_AGENT}); retry later`);
      }
      const plan = old.triggerType === "plan" && old.planId ? await tx.plan.findUnique({ where: { id: old.planId }, select: { originSpaceId: true } }) : null;
      const run = await tx.run.create({
        data: {
          agentId: old.agentId,
          triggerType: old.triggerType,
          triggerMessageId: old.triggerMessageId,
          triggerSpaceId: old.triggerSpaceId,
          triggerThreadRootId: old.triggerThreadRootId,
          triggerEntityId: old.triggerEntityId,
          planId: old.planId,
          serviceName: old.serviceName,
          servicePayload: old.servicePayload ?? undefined,
          chainDepth: old.chainDepth,
          // Where the failed run started, not where it ended up: the retry starts over.
          activeSpaceId:
            old.triggerType === "space_message"
              ? old.triggerSpaceId
              : plan?.originSpaceId && old.reach.includes(plan.originSpaceId)
                ? plan.originSpaceId
                : null,
          // Reach only ever narrows; the requester's current spaces are checked again at every model call.
          reach: old.reach,
          requesterId: old.requesterId,
          queuedAt: now,
          retryOfId: old.id,
        },
        select: { id: true },
      });
      if (old.triggerMessageId) {
        await tx.triggerDecision.create({
          data: {
            messageId: old.triggerMessageId,
            agentId: old.agentId,
            decision: "triggered",
            reason: `retry of failed run ${old.id}, by ${actor.isAdmin ? "an admin" : "its requester"}`,
            runId: run.id,
          },
        });
      }
      return { runId: run.id };
    });
  } catch (e) {
    // The loser of two concurrent retries meets the winner on the unique retryOfId.
    if ((e as { code?: string }).code === "P2002") throw new AppError("conflict", "This run was already retried");
    throw e;
  }
}

/**
 * A member may retry only a run that failed their own message: they are its requester, the
 * message is theirs, they are still in its space, and its failure is one a retry can help with
 * (not a missing key or a spent budget). Anything else answers as an admin-only action would.
 */
async function requireOwnRetry(
  tx: Prisma.TransactionClient,
  old: {
    requesterId: string | null;
    triggerType: string;
    triggerMessageId: string | null;
    triggerSpaceId: string | null;
    status: string;
    error: string | null;
    statusReason: string | null;
  },
  entityId: string,
): Promise<void> {
  const refuse = () => new AppError("forbidden", "Only admins, or the person whose message the run failed, can retry it");
  if (old.requesterId !== entityId || old.triggerType !== "space_message" || !old.triggerMessageId || !old.triggerSpaceId) throw refuse();
  const [message, member] = await Promise.all([
    tx.message.findUnique({ where: { id: old.triggerMessageId }, select: { senderId: true, deletedAt: true } }),
    tx.membership.findUnique({ where: { spaceId_entityId: { spaceId: old.triggerSpaceId, entityId } }, select: { id: true } }),
  ]);
  if (!message || message.deletedAt || message.senderId !== entityId || !member) throw refuse();
  if (old.status === "failed" && !RETRY_HELPS[failureKindOf(old.error ?? old.statusReason ?? "")])
    throw new AppError("conflict", "Trying again will not help until an admin fixes the agent");
}
