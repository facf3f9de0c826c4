// Takes an agent out of a channel from the admin panel; see add-agent-to-space.ts. Taking an
// agent out reads nothing, so the admin need not be a member; the channel gets a line saying so.
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { recordAudit } from "../audit/record-audit";
import { publishMemberRemoved } from "../spaces/publish-membership";
import { postMembershipLine } from "../spaces/membership-line";
import { agentSpaceTarget } from "./agent-space-target";
import { requireAgentAdmin } from "./require-agent-admin";

/** Takes the agent out of the channel. Admins only; also for a deleted agent, to tidy up. */
export async function removeAgentFromSpace(
  { db, events }: Pick<Deps, "db" | "events">,
  actor: Actor,
  input: { agentId: string; spaceId: string },
): Promise<void> {
  requireAgentAdmin(actor);
  const { agent, space } = await agentSpaceTarget(db, input.agentId, input.spaceId);
  await db.$transaction(async (tx) => {
    const { count } = await tx.membership.deleteMany({ where: { spaceId: space.id, entityId: agent.entityId } });
    if (count === 0) throw new AppError("not_found", `${agent.entity.name} is not in #${space.name}`);
    await recordAudit(tx, actor, {
      action: "agent.space_remove",
      agentId: agent.id,
      subject: `space #${space.name}`,
      before: { spaceId: space.id, space: space.name },
      after: null,
    });
  });
  publishMemberRemoved(events, space.id, agent.entityId);
  await postMembershipLine({ db, events }, actor, space.id, { kind: "removed", entityId: agent.entityId });
}
