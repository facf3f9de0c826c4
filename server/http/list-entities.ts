// GET /api/entities → { entities }: everyone in the workspace, for member pickers.
import { listEntities } from "../domain/entities/list-entities";
import { authed } from "./endpoint";
import { json } from "./respond";

export const listEntitiesHandler = authed(async (_req, { db }) => json({ entities: await listEntities(db) }));
