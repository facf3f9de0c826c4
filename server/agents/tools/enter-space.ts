// enter_space: makes a space of the agent's, within the run's reach, the active one (where
// send_message posts), and shows who is in it.
import { z } from "zod";
import { requireMembership } from "../../domain/spaces/require-membership";
import { broadcastRun } from "../runs/broadcast-run";
import { requireInReach } from "../reach/reach";
import { defineTool } from "./tool";

export const enterSpaceTool = defineTool({
  name: "enter_space",
  description: "Make a space you belong to the active one (where send_message posts).",
  inputSchema: z.object({ spaceId: z.string().describe("Id of a space you are a member of") }),
  async execute(scope, input) {
    const { ctx } = scope;
    requireInReach(scope.run.reach, input.spaceId);
    await requireMembership(ctx.db, input.spaceId, scope.agent.entityId);
    const space = await ctx.db.space.findUniqueOrThrow({
      where: { id: input.spaceId },
      select: { id: true, name: true, kind: true, memberships: { select: { entity: { select: { id: true, name: true, type: true } } } } },
    });
    scope.state.activeSpaceId = space.id;
    await ctx.db.run.update({ where: { id: scope.run.id }, data: { activeSpaceId: space.id } });
    await broadcastRun(ctx, scope.run.id); // the new space shows "thinking…" too
    return {
      activeSpace: { id: space.id, name: space.name, kind: space.kind },
      members: space.memberships.map((m) => `${m.entity.name} (${m.entity.type}, id:${m.entity.id})`),
      hint: "Call read_messages to see its recent history.",
    };
  },
});
