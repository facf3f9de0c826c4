// POST /api/agents/:id/keys  (admins, signed-in session)  body optional: { spaceIds?: string[] }
// → 201 { key, prefix, spaceIds, createdAt }. Rotates the agent's service key (the old one stops
// working); the key is shown once. With spaceIds, runs the key starts reach only those of the
// agent's spaces, so a webhook meant for one channel cannot be steered into another.
// DELETE /api/agents/:id/keys (admins, session) → { revoked: prefix }; 409 when there is none.
// Both are recorded in the audit log (key.rotate, key.revoke).
import { z } from "zod";
import { revokeAgentServiceKey } from "../domain/agents/service-keys/revoke-service-key";
import { rotateAgentServiceKey } from "../domain/agents/service-keys/rotate-service-key";
import { actorOf, authed, requireAdmin } from "./endpoint";
import { readJson } from "./read-json";
import { json } from "./respond";

const body = z.object({ spaceIds: z.array(z.string().min(1).max(64)).max(100).default([]) });

export const rotateKeyHandler = authed<{ id: string }>(
  async (req, deps, { id }, caller) => {
    requireAdmin(caller, "manage service keys");
    // Body-less POSTs (the common case) rotate an unnarrowed key; a JSON body may narrow it.
    const hasBody = req.body !== null && /json/i.test(req.headers.get("content-type") ?? "");
    const { spaceIds } = hasBody ? await readJson(req, body) : { spaceIds: [] };
    return json(await rotateAgentServiceKey(deps, actorOf(caller), { agentId: id, spaceIds }), 201);
  },
  { sessionOnly: true, limit: "accountChangesPerUser" },
);

export const revokeKeyHandler = authed<{ id: string }>(
  async (_req, deps, { id }, caller) => {
    requireAdmin(caller, "manage service keys");
    return json(await revokeAgentServiceKey(deps, actorOf(caller), { agentId: id }));
  },
  { sessionOnly: true, limit: "accountChangesPerUser" },
);
