// GET /api/search?q=&in=&from=&before=&after=&cursor=&limit= → { results, nextCursor }, newest
// first. The query string is parsed by the socket event's schema (one contract for both); a
// search spends the same per-person budget however it arrives.
import { z } from "zod";
import { searchInput } from "@/lib/realtime/events";
import { searchMessages } from "../domain/search/search-messages";
import { actorOf, authed } from "./endpoint";
import { readQuery } from "./read-query";
import { json } from "./respond";

const searchQuery = searchInput.extend({ limit: z.coerce.number().pipe(searchInput.shape.limit.unwrap()).optional() });

export const searchHandler = authed(async (req, deps, _params, caller) => {
  const input = readQuery(req, searchQuery);
  await deps.limits?.consume("searchesPerUser", caller.entityId);
  return json(await searchMessages(deps, actorOf(caller), input));
});
