// GET /api/agents → { agents } and PATCH /api/agents/:id { provider?, modelId?, modelSettings?,
// persona?, instructions?, enabled?, limits… } → { agent }. Admins only: agent settings
// include which provider (and key) an agent spends.
import { AppError } from "../domain/errors";
import { agentSettingsInput, listAgents, updateAgent } from "../domain/agents/agent-settings";
import { authed, type Caller } from "./endpoint";
import { readJson } from "./read-json";
import { json } from "./respond";

const requireAdmin = (c: Caller) => {
  if (!c.isAdmin) throw new AppError("forbidden", "Only admins can manage agents");
};

export const listAgentsHandler = authed(async (_req, deps, _p, caller) => {
  requireAdmin(caller);
  return json({ agents: await listAgents(deps.db) });
});

export const updateAgentHandler = authed<{ id: string }>(async (req, deps, { id }, caller) => {
  requireAdmin(caller);
  const input = await readJson(req, agentSettingsInput);
  return json({ agent: await updateAgent(deps.db, id, input) });
});
