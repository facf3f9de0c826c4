// Full-text search over the messages of the spaces the searcher is a member of, newest first,
// paged by keyset on (createdAt, id). Two statements: which spaces (the searcher's memberships
// as they are now, narrowed by in:) and senders (from:) are covered, then the page itself over
// exactly those, so a space the searcher has left is out of the next search, and nobody
// (admins included) finds anything in a space they are not in. Archived spaces the searcher
// still belongs to are searched: their history stays readable.
//
// The index (see the message_search migration): a generated tsvector column over the text with
// 'english' stemming, and a GIN index on it limited to live, non-system messages, with the same
// predicate here so the planner can use it. A deleted message fails `"deletedAt" IS NULL` in the
// very statement after the delete.
import { Prisma } from "@/generated/prisma/client";
import { MAX_SEARCH_PAGE_SIZE, MAX_SEARCH_SNIPPET_CHARS, SEARCH_PAGE_SIZE } from "@/lib/limits";
import { endOfDay, hasCriteria, type ParsedSearch, parseSearchQuery, type SearchFilters, setFilter, startOfDay } from "@/lib/search/parse-search-query";
import type { SearchPageDto, SearchResultDto } from "@/lib/search/search-result";
import { HIT_END, HIT_START } from "@/lib/search/snippet";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { clampLimit } from "../messages/message-page";
import { decodeSearchCursor, encodeSearchCursor } from "./search-cursor";

export interface SearchInput extends SearchFilters {
  /** The search box's text: words and operators (lib/search/parse-search-query.ts). */
  q: string;
  /** From a previous page's nextCursor. */
  cursor?: string;
  limit?: number;
  /**
   * Only these spaces, on top of the actor's memberships (an agent run's reach). Never widens:
   * a space listed here that the actor is not a member of is still not searched.
   */
  withinSpaceIds?: readonly string[];
  /** Longest snippet, in characters (defaults to MAX_SEARCH_SNIPPET_CHARS). */
  snippetChars?: number;
}

// ts_headline's options: one stretch of text around the best match, bounded in words (its
// fragment mode drops short words such as numbers from the middle of a sentence); the characters
// are bounded again after it. Marks are control characters the text is cleaned of first.
const HEADLINE_OPTIONS = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=35, MinWords=15`;

interface Row {
  id: string;
  spaceId: string;
  seq: number;
  createdAt: Date;
  spaceName: string;
  spaceKind: "channel" | "direct";
  senderId: string;
  senderName: string;
  senderType: "human" | "agent";
  senderColor: string | null;
  snippet: string;
}

export async function searchMessages({ db }: Pick<Deps, "db">, actor: Actor, input: SearchInput): Promise<SearchPageDto> {
  const query = resolveQuery(input);
  const limit = clampLimit(input.limit, SEARCH_PAGE_SIZE, MAX_SEARCH_PAGE_SIZE);
  const cursor = input.cursor === undefined ? null : decodeSearchCursor(input.cursor);
  if (input.cursor !== undefined && !cursor) throw new AppError("bad_request", "cursor: not a cursor this search gave");

  const me = actor.entityId;
  const scope = await searchScope(db, me, query, input.withinSpaceIds);
  if (!scope) return { results: [], nextCursor: null };
  const tsquery = query.text ? Prisma.sql`websearch_to_tsquery('english', ${query.text})` : null;
  const conditions: Prisma.Sql[] = [
    Prisma.sql`m."deletedAt" IS NULL`,
    Prisma.sql`m.kind = 'text'`,
    // One id as `=`: the planner can then walk that space's (or sender's) index in order.
    oneOf(Prisma.sql`m."spaceId"`, scope.spaceIds),
  ];
  if (scope.senderIds) conditions.push(oneOf(Prisma.sql`m."senderId"`, scope.senderIds));
  if (tsquery) conditions.push(Prisma.sql`m."searchVector" @@ ${tsquery}`);
  if (query.before !== undefined) conditions.push(Prisma.sql`m."createdAt" < ${startOfDay(query.before).toISOString()}::timestamp`);
  if (query.after !== undefined) conditions.push(Prisma.sql`m."createdAt" >= ${endOfDay(query.after).toISOString()}::timestamp`);
  if (cursor) conditions.push(Prisma.sql`(m."createdAt", m.id) < (${cursor.createdAt.toISOString()}::timestamp, ${cursor.id})`);

  const snippetChars = Math.min(input.snippetChars ?? MAX_SEARCH_SNIPPET_CHARS, MAX_SEARCH_SNIPPET_CHARS);
  // The message's own text never carries a mark, so every mark in a snippet is the server's.
  const cleanText = Prisma.sql`translate(h.text, ${HIT_START + HIT_END}, '')`;
  const snippet = tsquery ? Prisma.sql`ts_headline('english', ${cleanText}, ${tsquery}, ${HEADLINE_OPTIONS})` : Prisma.sql`left(${cleanText}, ${snippetChars})`;

  // The page is found first (LIMIT in the inner query) and only its rows get a headline, which
  // parses the text again and is the costly part per row.
  const rows = await db.$queryRaw<Row[]>`
    WITH hits AS (
      SELECT m.id, m."spaceId", m.seq, m.text, m."createdAt", m."senderId"
        FROM "Message" m
       WHERE ${Prisma.join(conditions, " AND ")}
       ORDER BY m."createdAt" DESC, m.id DESC
       LIMIT ${limit + 1}
    )
    SELECT h.id, h."spaceId", h.seq, h."createdAt",
           CASE WHEN s.kind = 'direct' THEN COALESCE((
             SELECT oe.name FROM "Membership" om JOIN "Entity" oe ON oe.id = om."entityId"
              WHERE om."spaceId" = s.id AND om."entityId" <> ${me} ORDER BY oe.name LIMIT 1), s.name)
           ELSE s.name END AS "spaceName",
           s.kind::text AS "spaceKind",
           e.id AS "senderId", e.name AS "senderName", e.type::text AS "senderType", e."avatarColor" AS "senderColor",
           ${snippet} AS snippet
      FROM hits h
      JOIN "Space" s ON s.id = h."spaceId"
      JOIN "Entity" e ON e.id = h."senderId"
     ORDER BY h."createdAt" DESC, h.id DESC`;

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    results: page.map((r) => toResult(r, snippetChars)),
    nextCursor: rows.length > limit && last ? encodeSearchCursor(last.createdAt, last.id) : null,
  };
}

/** The query's words and filters: the text's operators, overridden by filters given separately (the HTTP API's in=, from=…). */
function resolveQuery(input: SearchInput): ParsedSearch {
  const parsed = parseSearchQuery(input.q);
  if (!parsed.ok) throw new AppError("bad_request", parsed.error);
  const query = parsed.query;
  for (const op of ["in", "from", "before", "after"] as const) {
    const value = input[op];
    if (value === undefined) continue;
    const problem = setFilter(query, op, value);
    if (problem) throw new AppError("bad_request", problem);
  }
  if (!hasCriteria(query)) throw new AppError("bad_request", "Search for some words, or use in:, from:, before: or after:");
  return query;
}

/**
 * Which spaces and senders the search covers, in one small query: the searcher's spaces now
 * (within `within`, an agent run's reach), narrowed to the one named by in: (a channel by its
 * name, or a direct space by the other member's name: in:ada is the direct space with Ada),
 * and the senders named by from:. Null when nothing can match: no need to search at all.
 */
async function searchScope(
  db: Deps["db"],
  me: string,
  query: ParsedSearch,
  within: readonly string[] | undefined,
): Promise<{ spaceIds: string[]; senderIds: string[] | null } | null> {
  const named =
    query.in === undefined
      ? Prisma.empty
      : Prisma.sql`AND ((s.kind = 'channel' AND lower(s.name) = lower(${query.in}))
          OR (s.kind = 'direct' AND EXISTS (
                SELECT 1 FROM "Membership" om JOIN "Entity" oe ON oe.id = om."entityId"
                 WHERE om."spaceId" = s.id AND om."entityId" <> ${me} AND lower(oe.name) = lower(${query.in}))))`;
  const [row] = await db.$queryRaw<{ spaceIds: string[] | null; senderIds: string[] | null }[]>`
    SELECT (SELECT array_agg(ms."spaceId") FROM "Membership" ms JOIN "Space" s ON s.id = ms."spaceId"
             WHERE ms."entityId" = ${me} ${within ? Prisma.sql`AND ms."spaceId" = ANY(${[...within]}::text[])` : Prisma.empty} ${named}) AS "spaceIds",
           ${query.from === undefined ? Prisma.sql`NULL::text[]` : Prisma.sql`(SELECT array_agg(e.id) FROM "Entity" e WHERE lower(e.name) = lower(${query.from}))`} AS "senderIds"`;
  const spaceIds = row?.spaceIds ?? [];
  const senderIds = query.from === undefined ? null : (row?.senderIds ?? []);
  if (spaceIds.length === 0 || senderIds?.length === 0) return null;
  return { spaceIds, senderIds };
}

const oneOf = (column: Prisma.Sql, ids: string[]): Prisma.Sql =>
  ids.length === 1 ? Prisma.sql`${column} = ${ids[0]}` : Prisma.sql`${column} = ANY(${ids}::text[])`;

function toResult(r: Row, snippetChars: number): SearchResultDto {
  return {
    messageId: r.id,
    spaceId: r.spaceId,
    spaceName: r.spaceName,
    spaceKind: r.spaceKind,
    seq: r.seq,
    sender: { id: r.senderId, name: r.senderName, type: r.senderType, avatarColor: r.senderColor },
    createdAt: r.createdAt.toISOString(),
    snippet: clipSnippet(r.snippet, snippetChars),
  };
}

/** At most `max` characters of text, marks not counted; a cut inside a match is closed by the reader (snippetParts). */
function clipSnippet(snippet: string, max: number): string {
  let shown = 0;
  let out = "";
  for (const ch of snippet) {
    if (ch !== HIT_START && ch !== HIT_END) {
      if (shown === max) return `${out.trimEnd()}…`;
      shown++;
    }
    out += ch;
  }
  return out;
}
