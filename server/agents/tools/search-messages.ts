// search_messages: full-text search over the messages of the run's reach, newest first. The
// same search people use (domain/search/search-messages.ts) with the agent as the searcher,
// held to the run's reach on top: only spaces both in reach and still the agent's. Results are
// lines like read_messages's, every name and snippet a quoted literal, so a message that reads
// like an instruction stays a string. A snippet is an excerpt, so results do not count as seen.
import { z } from "zod";
import { MAX_SEARCH_QUERY_LENGTH, MAX_SEARCH_TOOL_LIMIT, SEARCH_TOOL_LIMIT } from "@/lib/limits";
import { plainSnippet } from "@/lib/search/snippet";
import type { SearchResultDto } from "@/lib/search/search-result";
import { searchMessages } from "../../domain/search/search-messages";
import { entityRef, quote } from "../context/format";
import { defineTool } from "./tool";

/** Snippets shown to a model are shorter than the chat's: ten of them fit a small budget. */
const TOOL_SNIPPET_CHARS = 200;

export const searchMessagesTool = defineTool({
  name: "search_messages",
  description: "Search messages of the spaces this run can read, newest first. Filters: in:#channel from:@name before:/after:YYYY-MM-DD.",
  inputSchema: z.object({
    query: z.string().min(1).max(MAX_SEARCH_QUERY_LENGTH),
    limit: z.number().int().min(1).max(MAX_SEARCH_TOOL_LIMIT).optional().describe(`Default ${SEARCH_TOOL_LIMIT}`),
  }),
  async execute(scope, input) {
    await scope.ctx.limits?.consume("agentSearchesPerAgent", scope.agent.id);
    const page = await searchMessages(
      scope.ctx,
      { entityId: scope.agent.entityId },
      { q: input.query, limit: input.limit ?? SEARCH_TOOL_LIMIT, withinSpaceIds: scope.run.reach, snippetChars: TOOL_SNIPPET_CHARS },
    );
    return {
      results: page.results.map(resultLine),
      count: page.results.length,
      more: page.nextCursor !== null,
    };
  },
});

function resultLine(r: SearchResultDto): string {
  const where = `${r.spaceKind === "direct" ? "direct space with" : "space"} ${quote(r.spaceName)} (id:${r.spaceId})`;
  return `[msg:${r.messageId}] [${r.createdAt}] in ${where} ${entityRef(r.sender)}: ${quote(plainSnippet(r.snippet))}`;
}
