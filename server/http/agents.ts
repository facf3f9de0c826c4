// GET /api/agents → { agents } and PATCH /api/agents/:id { provider?, modelId?, modelSettings?,
// persona?, instructions?, enabled?, limits… } → { agent }. Admins only: agent settings
// include which provider (and key) an agent spends. A modelSettings.baseURL must be on
// PARLEY_MODEL_HOSTS (server/domain/agents/model-hosts.ts): 400 otherwise.
import { agentSettingsInput, listAgents, updateAgent } from "../domain/agents/agent-settings";
import { env } from "../env";
import { authed, requireAdmin } from "./endpoint";
import { readJson } from "./read-json";
import { json } from "./respond";

export const listAgentsHandler = authed(async (_req, deps, _p, caller) => {
  requireAdmin(caller, "manage agents");
  return json({ agents: await listAgents(deps.db) });
});

export const updateAgentHandler = authed<{ id: string }>(async (req, deps, { id }, caller) => {
  requireAdmin(caller, "manage agents");
  const input = await readJson(req, agentSettingsInput);
  return json({ agent: await updateAgent(deps.db, id, input, { modelHosts: env().PARLEY_MODEL_HOSTS }) });
}, { limit: "accountChangesPerUser" });
