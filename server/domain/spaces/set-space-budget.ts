// A space's daily token budget: what all agents' runs triggered there may use per UTC day
// (server/agents/triggers/daily-budget.ts). Workspace admins only: a budget is a cost decision
// for the whole workspace, not the channel owner's.
import { z } from "zod";
import { rooms } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { recordAudit } from "../audit/record-audit";

export const spaceBudgetInput = z.object({ dailyTokenBudget: z.number().int().min(1).max(1_000_000_000).nullable() }).strict();

export async function setSpaceBudget(
  { db, events }: Deps,
  actor: Actor,
  input: { spaceId: string; dailyTokenBudget: number | null },
): Promise<{ spaceId: string; dailyTokenBudget: number | null }> {
  if (!actor.isAdmin) throw new AppError("forbidden", "Only admins set a space's token budget");
  const space = await db.space.findUnique({ where: { id: input.spaceId }, select: { name: true, kind: true, dailyTokenBudget: true } });
  if (!space) throw new AppError("not_found", "Space not found");
  if (space.dailyTokenBudget !== input.dailyTokenBudget) {
    await db.$transaction(async (tx) => {
      await tx.space.update({ where: { id: input.spaceId }, data: { dailyTokenBudget: input.dailyTokenBudget } });
      await recordAudit(tx, actor, {
        action: "space.budget",
        subject: space.kind === "channel" ? `#${space.name}` : "a direct conversation",
        before: { dailyTokenBudget: space.dailyTokenBudget },
        after: { dailyTokenBudget: input.dailyTokenBudget },
      });
    });
    events.publish(rooms.space(input.spaceId), "space:updated", { spaceId: input.spaceId });
  }
  return { spaceId: input.spaceId, dailyTokenBudget: input.dailyTokenBudget };
}
