// GET /api/spaces/:id/messages?before=<seq>&limit=<n> → { messages, hasMore }, oldest first.
// GET /api/spaces/:id/messages?around=<seq> → { messages, hasMoreBefore, hasMoreAfter } (list-messages-around.ts).
// A limit above MAX_PAGE_SIZE is clamped to it (the client pages on via hasMore); a value
// that is not a positive integer is a 400, so typos are not silently read as defaults.
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/limits";
import { AppError } from "../domain/errors";
import { listMessagesBefore } from "../domain/messages/list-messages-before";
import { listMessagesAround } from "../domain/messages/list-messages-around";
import { actorOf, authed } from "./endpoint";
import { json } from "./respond";

/** seq is a 32-bit int column; a larger `before` means "from the newest" anyway. */
const MAX_SEQ = 2 ** 31 - 1;

export const listMessagesHandler = authed<{ id: string }>(async (req, deps, { id }, caller) => {
  const query = new URL(req.url).searchParams;
  // ?around=<seq>: the messages around one (a search result opened in its space), { messages, hasMoreBefore, hasMoreAfter }.
  const around = positiveInt(query, "around");
  if (around !== undefined) {
    await deps.limits?.consume("aroundReadsPerUser", caller.entityId);
    return json(await listMessagesAround(deps, actorOf(caller), { spaceId: id, seq: Math.min(around, MAX_SEQ) }));
  }
  const before = positiveInt(query, "before");
  const limit = positiveInt(query, "limit");
  const page = await listMessagesBefore(deps, actorOf(caller), {
    spaceId: id,
    beforeSeq: before === undefined ? undefined : Math.min(before, MAX_SEQ),
    limit: limit === undefined ? DEFAULT_PAGE_SIZE : Math.min(limit, MAX_PAGE_SIZE),
  });
  return json(page);
});

function positiveInt(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (!/^[1-9][0-9]*$/.test(raw)) throw new AppError("bad_request", `'${name}' must be a positive integer`);
  return Number(raw);
}
