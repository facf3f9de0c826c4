// GET /api/entities → { entities }: everyone in the workspace, for member pickers.
import { listEntities } from "../domain/entities/list-entities";
import { actorOf, authed } from "./endpoint";
import { json } from "./respond";

export const listEntitiesHandler = authed(async (_req, deps, _params, caller) => json({ entities: await listEntities(deps, actorOf(caller)) }));
