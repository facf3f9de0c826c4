// read_messages: a page of a space's history (newest last), for spaces of the agent's within
// the run's reach. What it shows counts as seen (a page later shrunk to a preview, only the
// lines the preview shows: run-scope.ts pageShrunk).
import { z } from "zod";
import { READ_MESSAGES_LIMIT } from "@/lib/limits";
import { requireMembership } from "../../domain/spaces/require-membership";
import { renderMentionsForAgent } from "../context/render-mentions";
import { AppError } from "../../domain/errors";
import { loadHistory } from "../context/load-context";
import { messageLine } from "../context/format";
import { requireInReach } from "../reach/reach";
import { notePage } from "./run-scope";
import { pendingTriggers } from "../runs/pending-triggers";
import { defineTool } from "./tool";
import { readThread } from "./read-thread";

export const readMessagesTool = defineTool({
  name: "read_messages",
  description: "Read recent messages of a space you belong to, newest last; with threadId, a thread (its root and newest replies).",
  inputSchema: z.object({
    spaceId: z.string().optional().describe("Defaults to the active space"),
    limit: z.number().int().min(1).max(READ_MESSAGES_LIMIT).optional().describe(`How many messages (default and max ${READ_MESSAGES_LIMIT})`),
    offset: z.number().int().min(0).optional().describe("Skip this many of the newest messages, to page back"),
    threadId: z.string().max(80).optional().describe("Read this thread (its root's msg:… id) instead of the space's history"),
  }),
  async execute(scope, input, toolCallId) {
    if (input.threadId) return readThread(scope, input.threadId, input.limit ?? READ_MESSAGES_LIMIT);
    const spaceId = input.spaceId ?? scope.state.activeSpaceId;
    if (!spaceId) throw new AppError("bad_request", "No spaceId given and no active space.");
    requireInReach(scope.run.reach, spaceId);
    await requireMembership(scope.ctx.db, spaceId, scope.agent.entityId);
    const loaded = await loadHistory(scope.ctx.db, spaceId, scope.agent.entityId, input.limit ?? READ_MESSAGES_LIMIT, input.offset ?? 0);
    // Removed from the space between the two reads.
    if (!loaded) throw new AppError("not_found", "Space not found or you are not a member");
    // Mentions read as "@Name" / "#channel", as in the context (render-mentions.ts).
    const h = await renderMentionsForAgent(scope.ctx.db, loaded, scope.agent.entityId, scope.run.reach);
    // Requests another run of the agent is to handle say so: reading them is not handling them.
    const pending = await pendingTriggers(scope.ctx.db, scope.agent, scope.run.id, spaceId);
    const lines = h.messages.map((m) =>
      messageLine(m, {
        seen: m.seq <= h.lastProcessedSeq,
        handledBy: pending.get(m.id)?.runId,
        spaceId,
        viewerId: scope.agent.entityId,
        reach: scope.run.reach,
      }),
    );
    const last = h.messages.at(-1);
    if (last)
      notePage(scope, toolCallId, { spaceId, fromSeq: h.shownFromSeq, toSeq: last.seq, lines: h.messages.map((m, i) => ({ seq: m.seq, line: lines[i]! })) });
    return {
      space: { id: h.space.id, name: h.space.name },
      messages: lines,
      count: h.messages.length,
    };
  },
});
