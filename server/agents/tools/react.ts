// react: the agent adds (or takes back) its emoji reaction to a message of a space within the
// run's reach that it is a member of. A reaction is the quiet answer: it says "seen" or
// "agreed" without a message, and wakes no one (agents included).
import { z } from "zod";
import { AppError, isAppError } from "../../domain/errors";
import { addReaction } from "../../domain/reactions/add-reaction";
import { removeReaction } from "../../domain/reactions/remove-reaction";
import { inReach } from "../reach/reach";
import { createRateLimits, type RateLimits } from "../../limits/rate-limits";
import { defineTool } from "./tool";

// One answer for no such message, a message outside the run's reach and a space the agent is
// not in: the refusal says nothing about which messages exist or where.
// The agents' own thread (PostgreSQL with PARLEY_AGENTS_THREAD) is given no shared limits: it
// counts its agents' reactions itself, in memory.
let threadLimits: RateLimits | undefined;
const limitsOf = (given: RateLimits | undefined) => given ?? (threadLimits ??= createRateLimits());

const unavailable = () => new AppError("not_found", "No such message in a space this run can use.");

export const reactTool = defineTool({
  name: "react",
  description:
    "React to a message with one emoji (remove: true takes your reaction back). When nothing needs saying, acknowledging with 👀 (seen) or 👍 (agreed) is a better answer than a message. Reactions wake no one.",
  inputSchema: z.object({
    messageId: z.string().describe("The message (msg:… id, with or without the prefix)"),
    emoji: z.string().describe("One emoji, such as 👀, 👍, ✅ or 🎉"),
    remove: z.boolean().optional().describe("Take your reaction back instead of adding it"),
  }),
  async execute(scope, input) {
    const { ctx } = scope;
    const actor = { entityId: scope.agent.entityId };
    // One count per entity, shared with people's HTTP and socket reactions; spent before any database work.
    await limitsOf(ctx.limits).consume("reactionsPerEntity", actor.entityId);
    const messageId = input.messageId.replace(/^msg:/, "");
    const message = await ctx.db.message.findUnique({ where: { id: messageId }, select: { spaceId: true } });
    if (!message || !inReach(scope.run.reach, message.spaceId)) throw unavailable();
    try {
      const change = input.remove ? removeReaction : addReaction;
      const { reactions } = await change(ctx, actor, { messageId, emoji: input.emoji });
      return {
        status: input.remove ? "removed" : "reacted",
        messageId,
        reactions: reactions.map((r) => ({ emoji: r.emoji, count: r.count, ...(r.entityIds.includes(actor.entityId) && { yours: true }) })),
      };
    } catch (e) {
      if (isAppError(e) && e.code === "not_found") throw unavailable();
      throw e;
    }
  },
});
