// Personal API tokens: GET /api/tokens, POST /api/tokens { name }, DELETE /api/tokens/:id.
// Session cookie only (403 with a bearer token), so a leaked token cannot mint more
// tokens or revoke the owner's others.
import { z } from "zod";
import { createApiToken } from "../domain/users/create-api-token";
import { listApiTokens } from "../domain/users/list-api-tokens";
import { revokeApiToken } from "../domain/users/revoke-api-token";
import { actorOf, authed } from "./endpoint";
import { readJson } from "./read-json";
import { json, noContent } from "./respond";

const sessionOnly = { sessionOnly: true };
const changes = { sessionOnly: true, limit: "accountChangesPerUser" } as const;

export const listTokensHandler = authed(async (_req, deps, _params, caller) => json({ tokens: await listApiTokens(deps, actorOf(caller)) }), sessionOnly);

const createBody = z.object({ name: z.string().trim().min(1, "Name is required").max(100) });

/** 201 { token, id, name, prefix, createdAt }: the only time the token itself is shown. */
export const createTokenHandler = authed(async (req, deps, _params, caller) => {
  const { name } = await readJson(req, createBody);
  return json(await createApiToken(deps, actorOf(caller), { name }), 201);
}, changes);

/** 204; 404 for an unknown, already revoked or someone else's token. Sockets opened with it are closed. */
export const revokeTokenHandler = authed<{ id: string }>(async (_req, deps, { id }, caller) => {
  await revokeApiToken(deps, actorOf(caller), { id });
  return noContent();
}, changes);
