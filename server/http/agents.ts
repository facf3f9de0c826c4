// GET /api/agents[?archived=true] → { agents } (settings, providerConfigured, spaces, today's
// runs and tokens, last run; deleted agents only with archived=true), POST /api/agents (the same
// fields as PATCH, name required) → 201 { agent }, and PATCH /api/agents/:id { name?, provider?, modelId?, modelSettings?, persona?,
// instructions?, enabled?, limits…, enabledTools? } → { agent }. Admins only: agent settings
// include which provider (and key) an agent spends. A modelSettings.baseURL must be on
// PARLEY_MODEL_HOSTS (server/domain/agents/model-hosts.ts): 400 otherwise.
import { agentSettingsInput } from "../domain/agents/agent-settings";
import { configuredProviders } from "../domain/agents/configured-providers";
import { listAgents } from "../domain/agents/list-agents";
import { updateAgent } from "../domain/agents/update-agent";
import { agentCreateInput, createAgent } from "../domain/agents/create-agent";
import { z } from "zod";
import { readQuery } from "./read-query";
import { env } from "../env";
import { actorOf, authed, requireAdmin } from "./endpoint";
import { readJson } from "./read-json";
import { json } from "./respond";

const listQuery = z.object({ archived: z.enum(["true", "false"]).optional() });

export const listAgentsHandler = authed(async (req, deps, _p, caller) => {
  requireAdmin(caller, "manage agents");
  const { archived } = readQuery(req, listQuery);
  return json({ agents: await listAgents(deps, actorOf(caller), { providers: configuredProviders(env()), includeArchived: archived === "true" }) });
});

export const createAgentHandler = authed(
  async (req, deps, _p, caller) => {
    requireAdmin(caller, "manage agents");
    const settings = await readJson(req, agentCreateInput);
    return json({ agent: await createAgent(deps, actorOf(caller), { settings, modelHosts: env().PARLEY_MODEL_HOSTS }) }, 201);
  },
  { limit: "accountChangesPerUser" },
);

export const updateAgentHandler = authed<{ id: string }>(
  async (req, deps, { id }, caller) => {
    requireAdmin(caller, "manage agents");
    const settings = await readJson(req, agentSettingsInput);
    return json({ agent: await updateAgent(deps, actorOf(caller), { agentId: id, settings, modelHosts: env().PARLEY_MODEL_HOSTS }) });
  },
  { limit: "accountChangesPerUser" },
);
