// Socket events of search: search:query (one page of results) and messages:around (the
// messages around a result, to open it in its space). Registered by register-handlers.ts with
// its `on` (parse, queue, ack) and `limit` (a named rate limit, spent before any database work).
import type { z } from "zod";
import * as ev from "@/lib/realtime/events";
import type { RateLimitName } from "@/lib/limits";
import type { Actor, Deps } from "../../domain/deps";
import { searchMessages } from "../../domain/search/search-messages";
import { listMessagesAround } from "../../domain/messages/list-messages-around";

type On = <S extends z.ZodType>(event: keyof ev.ClientToServerEvents, schema: S, run: (input: z.output<S>) => Promise<unknown>) => void;

export function registerSearchHandlers({
  on,
  limit,
  deps,
  actor,
}: {
  on: On;
  limit: (name: RateLimitName, key: string) => Promise<void>;
  deps: Deps;
  actor: Actor;
}) {
  // Keyed by entity, as HTTP keys them too: one budget however the person searches.
  const user = actor.entityId;
  on("search:query", ev.searchInput, async (input) => {
    await limit("searchesPerUser", user);
    return searchMessages(deps, actor, input);
  });
  on("messages:around", ev.aroundInput, async (input) => {
    await limit("aroundReadsPerUser", user);
    return listMessagesAround(deps, actor, input);
  });
}
