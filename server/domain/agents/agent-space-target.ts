// The agent and channel an admin's add/remove names, checked (add-agent-to-space.ts,
// remove-agent-from-space.ts). Not a verb: both verbs have already checked the actor.
import type { Deps } from "../deps";
import { AppError } from "../errors";

export async function agentSpaceTarget(db: Deps["db"], agentId: string, spaceId: string) {
  const [agent, space] = await Promise.all([
    db.agent.findUnique({ where: { id: agentId }, select: { id: true, entityId: true, archivedAt: true, entity: { select: { name: true } } } }),
    db.space.findUnique({ where: { id: spaceId }, select: { id: true, name: true, kind: true, archivedAt: true } }),
  ]);
  if (!agent) throw new AppError("not_found", "Agent not found");
  // Direct spaces keep their two people; an archived channel takes no one.
  if (!space || space.archivedAt) throw new AppError("not_found", "Channel not found");
  if (space.kind !== "channel")
    throw new AppError("bad_request", "spaceId: Agents are added to channels, not direct spaces", { fields: { spaceId: "Pick a channel" } });
  return { agent, space };
}
