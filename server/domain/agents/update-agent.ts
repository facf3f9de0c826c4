import type { z } from "zod";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { type agentSettingsInput, agentView } from "./agent-settings";
import { assertModelBaseURLAllowed } from "./model-hosts";
import { requireAgentAdmin } from "./require-agent-admin";

/**
 * Changes an agent's name, model and behaviour. Admins only (the HTTP adapter also checks
 * before reading the body). `modelHosts` is PARLEY_MODEL_HOSTS, the hosts a
 * modelSettings.baseURL may name (model-hosts.ts); the caller passes it from env.
 */
export async function updateAgent(
  { db }: Pick<Deps, "db">,
  actor: Actor,
  input: { agentId: string; settings: z.infer<typeof agentSettingsInput>; modelHosts: readonly string[] },
) {
  requireAgentAdmin(actor);
  const { agentId, settings } = input;
  const { name, ...agentFields } = settings;
  const found = await db.agent.findUnique({ where: { id: agentId }, select: { id: true, entity: { select: { name: true } } } });
  if (!found) throw new AppError("not_found", "Agent not found");
  const baseURL = settings.modelSettings?.baseURL;
  if (baseURL !== undefined) assertModelBaseURLAllowed(baseURL, input.modelHosts, name ?? found.entity.name);
  // The name lives on the agent's entity (what members see as the sender), the rest on the agent.
  const { entity, ...a } = await db.agent.update({
    where: { id: agentId },
    data: { ...agentFields, ...(name !== undefined && { entity: { update: { name } } }) },
    select: agentView,
  });
  return { ...a, name: entity.name };
}
