// GET /api/spaces → { spaces }: the caller's spaces with unread counts.
import { listSpaces } from "../domain/spaces/list-spaces";
import { actorOf, authed } from "./endpoint";
import { json } from "./respond";

export const listSpacesHandler = authed(async (_req, deps, _params, caller) => json({ spaces: await listSpaces(deps, actorOf(caller)) }));
