// POST /api/spaces/:id/read { lastMessageId } → 200 with the caller's read cursor
// ({ spaceId, entityId, lastSeenSeq, lastSeenMessageId }). Forward-only: an older id
// answers 200 with the unchanged cursor.
import { z } from "zod";
import { markRead } from "../domain/messages/mark-read";
import { actorOf, authed } from "./endpoint";
import { readJson } from "./read-json";
import { json } from "./respond";

const body = z.object({ lastMessageId: z.string().min(1).max(64) });

export const markReadHandler = authed<{ id: string }>(async (req, deps, { id: spaceId }, caller) => {
  const { lastMessageId } = await readJson(req, body);
  return json(await markRead(deps, actorOf(caller), { spaceId, lastMessageId }));
});
