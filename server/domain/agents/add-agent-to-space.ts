// An admin adds an agent to a channel, or takes it out, from the agent's page. Like a member
// adding people (spaces/add-members.ts), the admin must be in the channel: an agent added to a
// channel reads it for whoever triggers it, and its runs show in the inspector, so putting an
// agent where you cannot read would be a way to read it. Members hear of it as of any other
// membership change (spaces/publish-membership.ts, announce-added.ts) and see a line in the
// channel: "Ada added Planner" (spaces/membership-line.ts).
import type { Actor, Deps } from "../deps";
import { recordAudit } from "../audit/record-audit";
import { announceAdded } from "../spaces/announce-added";
import { startAgentCursors } from "../spaces/start-agent-cursors";
import { publishMembersAdded } from "../spaces/publish-membership";
import { postMembershipLine } from "../spaces/membership-line";
import { agentSpaceTarget } from "./agent-space-target";
import { assertNotArchived } from "./archive-agent";
import { requireAgentAdmin } from "./require-agent-admin";
import { AppError } from "../errors";

/** Adds the agent to the channel. Admins who are members of it only. Adding it where it already is changes nothing. */
export async function addAgentToSpace(
  { db, events }: Pick<Deps, "db" | "events">,
  actor: Actor,
  input: { agentId: string; spaceId: string },
): Promise<{ added: boolean }> {
  requireAgentAdmin(actor);
  const { agent, space } = await agentSpaceTarget(db, input.agentId, input.spaceId);
  assertNotArchived(agent);
  // Asked before anything else about the channel, and answered alike for any channel the admin is not in.
  const mine = await db.membership.findUnique({ where: { spaceId_entityId: { spaceId: space.id, entityId: actor.entityId } }, select: { id: true } });
  if (!mine) throw new AppError("forbidden", "You can only add an agent to a channel you are a member of", { fields: { spaceId: "Join the channel first" } });
  const added = await db.$transaction(async (tx) => {
    const { count } = await tx.membership.createMany({ data: [{ spaceId: space.id, entityId: agent.entityId }], skipDuplicates: true });
    if (count) await startAgentCursors(tx, space.id, [agent.entityId]);
    if (count)
      await recordAudit(tx, actor, {
        action: "agent.space_add",
        agentId: agent.id,
        subject: `space #${space.name}`,
        before: null,
        after: { spaceId: space.id, space: space.name },
      });
    return count > 0;
  });
  if (added) {
    publishMembersAdded(events, space.id, [agent.entityId]);
    await postMembershipLine({ db, events }, actor, space.id, { kind: "added", entityIds: [agent.entityId] });
    await announceAdded({ db, events }, actor, { space, addedIds: [agent.entityId] });
  }
  return { added };
}
