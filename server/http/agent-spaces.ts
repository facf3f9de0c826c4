// POST /api/agents/:id/spaces { spaceId } → 201 { added } and DELETE /api/agents/:id/spaces/:spaceId
// → 204: an admin adds an agent to a channel they are a member of (403 otherwise), or takes it
// out of any channel (server/domain/agents/add-agent-to-space.ts). Admins only.
import { z } from "zod";
import { addAgentToSpace } from "../domain/agents/add-agent-to-space";
import { removeAgentFromSpace } from "../domain/agents/remove-agent-from-space";
import { actorOf, authed, requireAdmin } from "./endpoint";
import { readJson } from "./read-json";
import { json, noContent } from "./respond";

const addInput = z.object({ spaceId: z.string().trim().min(1, "Pick a channel").max(100) });

export const addAgentSpaceHandler = authed<{ id: string }>(
  async (req, deps, { id }, caller) => {
    requireAdmin(caller, "manage agents");
    const { spaceId } = await readJson(req, addInput);
    return json(await addAgentToSpace(deps, actorOf(caller), { agentId: id, spaceId }), 201);
  },
  { limit: "memberAddsPerUser" },
);

export const removeAgentSpaceHandler = authed<{ id: string; spaceId: string }>(
  async (_req, deps, { id, spaceId }, caller) => {
    requireAdmin(caller, "manage agents");
    await removeAgentFromSpace(deps, actorOf(caller), { agentId: id, spaceId });
    return noContent();
  },
  { limit: "accountChangesPerUser" },
);
