// read_messages: a page of a space's history (newest last), for spaces of the agent's within
// the run's reach. What it shows counts as seen.
import { z } from "zod";
import { READ_MESSAGES_LIMIT } from "@/lib/limits";
import { requireMembership } from "../../domain/spaces/require-membership";
import { AppError } from "../../domain/errors";
import { loadHistory } from "../context/load-context";
import { messageLine } from "../context/format";
import { requireInReach } from "../reach/reach";
import { noteSeen } from "./run-scope";
import { defineTool } from "./tool";

export const readMessagesTool = defineTool({
  name: "read_messages",
  description: "Read recent messages of a space you belong to, newest last.",
  inputSchema: z.object({
    spaceId: z.string().optional().describe("Defaults to the active space"),
    limit: z.number().int().min(1).max(READ_MESSAGES_LIMIT).optional().describe(`How many messages (default and max ${READ_MESSAGES_LIMIT})`),
    offset: z.number().int().min(0).optional().describe("Skip this many of the newest messages, to page back"),
  }),
  async execute(scope, input) {
    const spaceId = input.spaceId ?? scope.state.activeSpaceId;
    if (!spaceId) throw new AppError("bad_request", "No spaceId given and no active space.");
    requireInReach(scope.run.reach, spaceId);
    await requireMembership(scope.ctx.db, spaceId, scope.agent.entityId);
    const h = await loadHistory(scope.ctx.db, spaceId, scope.agent.entityId, input.limit ?? READ_MESSAGES_LIMIT, input.offset ?? 0);
    // Removed from the space between the two reads.
    if (!h) throw new AppError("not_found", "Space not found or you are not a member");
    const last = h.messages.at(-1);
    if (last) noteSeen(scope, spaceId, h.shownFromSeq, last.seq);
    return {
      space: { id: h.space.id, name: h.space.name },
      messages: h.messages.map((m) => messageLine(m, { seen: m.seq <= h.lastProcessedSeq, spaceId, viewerId: scope.agent.entityId, reach: scope.run.reach })),
      count: h.messages.length,
    };
  },
});
