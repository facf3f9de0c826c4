// An admin adds an agent to a channel, or takes it out, from the agent's page. Unlike a member
// adding people (spaces/add-members.ts), the admin need not be in the channel: choosing which
// channels an agent works in is agent administration. Members hear of it as of any other
// membership change (spaces/publish-membership.ts, announce-added.ts).
import type { Actor, Deps } from "../deps";
import { recordAudit } from "../audit/record-audit";
import { announceAdded } from "../spaces/announce-added";
import { startAgentCursors } from "../spaces/start-agent-cursors";
import { publishMembersAdded } from "../spaces/publish-membership";
import { agentSpaceTarget } from "./agent-space-target";
import { assertNotArchived } from "./archive-agent";
import { requireAgentAdmin } from "./require-agent-admin";

/** Adds the agent to the channel. Admins only. Adding it where it already is changes nothing. */
export async function addAgentToSpace(
  { db, events }: Pick<Deps, "db" | "events">,
  actor: Actor,
  input: { agentId: string; spaceId: string },
): Promise<{ added: boolean }> {
  requireAgentAdmin(actor);
  const { agent, space } = await agentSpaceTarget(db, input.agentId, input.spaceId);
  assertNotArchived(agent);
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
    await announceAdded({ db, events }, actor, { space, addedIds: [agent.entityId] });
  }
  return { added };
}
