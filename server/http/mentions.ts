// GET /api/mentions?before=&limit= → { mentions: [{ message, spaceName, spaceKind }], nextCursor }:
// messages that mention the caller, newest first, in spaces they are still in.
// PUT /api/spaces/:id/notifications { level: "all" | "mentions" | "none" } → { spaceId, notifyLevel }:
// the caller's own notify level in a space they are a member of (404 otherwise).
import { z } from "zod";
import { MAX_MENTIONS_PAGE_SIZE } from "@/lib/limits";
import { NOTIFY_LEVELS } from "@/lib/mentions/notify-levels";
import { AppError } from "../domain/errors";
import { listMentions } from "../domain/mentions/list-mentions";
import { setNotifyLevel } from "../domain/mentions/set-notify-level";
import { actorOf, authed } from "./endpoint";
import { readJson } from "./read-json";
import { readQuery } from "./read-query";
import { json } from "./respond";

const query = z.object({
  before: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_MENTIONS_PAGE_SIZE).optional(),
});

export const listMentionsHandler = authed(async (req, deps, _params, caller) => json(await listMentions(deps, actorOf(caller), readQuery(req, query))), {
  limit: "mentionReadsPerUser",
});

const body = z.object({ level: z.enum(NOTIFY_LEVELS) });
const spaceId = z.string().min(1).max(64);

export const setNotifyLevelHandler = authed<{ id: string }>(
  async (req, deps, params, caller) => {
    const { level } = await readJson(req, body);
    const id = spaceId.safeParse(params.id);
    if (!id.success) throw new AppError("bad_request", "Malformed space id");
    return json(await setNotifyLevel(deps, actorOf(caller), { spaceId: id.data, level }));
  },
  { limit: "notifySettingsPerUser" },
);
