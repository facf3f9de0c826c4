// The reach and starting space of a run a plan starts. A plan a run made carries that run's
// reach. A plan an admin made has an empty reach (so every run may see the plan itself) and
// the admin as the person it acts for: its runs reach what that admin and the agent share
// when it fires, like a run started by that admin's message (reach/reach.ts).
import type { Db } from "../../db/client";
import type { Prisma } from "@/generated/prisma/client";
import { intersect, spacesOf } from "../reach/reach";

type Tx = Db | Prisma.TransactionClient;

export async function planRunReach(
  db: Tx,
  plan: { agentId: string; reach: string[]; originSpaceId: string | null; requesterId: string | null },
): Promise<{ reach: string[]; activeSpaceId: string | null }> {
  if (plan.reach.length === 0 && plan.originSpaceId === null && plan.requesterId) {
    const agent = await db.agent.findUniqueOrThrow({ where: { id: plan.agentId }, select: { entityId: true } });
    const [agentSpaces, requesterSpaces] = await Promise.all([spacesOf(db, agent.entityId), spacesOf(db, plan.requesterId)]);
    return { reach: intersect(agentSpaces, requesterSpaces), activeSpaceId: null };
  }
  // The plan acts for whoever its maker acted for: same reach, starting in the space it was made in.
  return { reach: plan.reach, activeSpaceId: plan.originSpaceId && plan.reach.includes(plan.originSpaceId) ? plan.originSpaceId : null };
}
