// POST /api/agents/:id/keys  (admins, signed-in session)  body: { spaceIds: string[] } (required,
// non-empty) → 201 { key, prefix, spaceIds, createdAt }. Rotates the agent's service key (the old
// one stops working); the key is shown once. Runs the key starts reach only the listed spaces,
// each one the agent and the admin are both in, so a webhook meant for one channel cannot be
// steered into another. A missing or empty list is a 400 naming `spaceIds`.
// DELETE /api/agents/:id/keys (admins, session) → { revoked: prefix }; 409 when there is none.
// Both are recorded in the audit log (key.rotate, key.revoke).
import { z } from "zod";
import { MAX_SERVICE_KEY_SPACES } from "@/lib/limits";
import { revokeAgentServiceKey } from "../domain/agents/service-keys/revoke-service-key";
import { rotateAgentServiceKey } from "../domain/agents/service-keys/rotate-service-key";
import { spacesError } from "../domain/agents/service-keys/key-store";
import { actorOf, authed, requireAdmin } from "./endpoint";
import { readJson } from "./read-json";
import { json } from "./respond";

const body = z.object({
  spaceIds: z
    .array(z.string().min(1).max(64), { error: "list the spaces the key's runs may reach" })
    .min(1, "list at least one space the key's runs may reach")
    .max(MAX_SERVICE_KEY_SPACES),
});

export const rotateKeyHandler = authed<{ id: string }>(
  async (req, deps, { id }, caller) => {
    requireAdmin(caller, "manage service keys");
    // A body-less POST used to make a key that reached all the agent's spaces; now it is told what is missing.
    const hasBody = req.body !== null && /json/i.test(req.headers.get("content-type") ?? "");
    if (!hasBody) throw spacesError("list the spaces the key's runs may reach, as JSON { spaceIds: [...] }");
    const { spaceIds } = await readJson(req, body);
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
