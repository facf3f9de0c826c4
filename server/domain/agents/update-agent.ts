import type { z } from "zod";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { type agentSettingsInput, agentView } from "./agent-settings";
import { assertModelBaseURLAllowed } from "./model-hosts";

/**
 * Changes an agent's model and behaviour. Admins only: the HTTP adapter checks the actor
 * before reading the body. `modelHosts` is PARLEY_MODEL_HOSTS, the hosts a
 * modelSettings.baseURL may name (model-hosts.ts); the caller passes it from env.
 */
export async function updateAgent(
  { db }: Pick<Deps, "db">,
  _actor: Actor,
  input: { agentId: string; settings: z.infer<typeof agentSettingsInput>; modelHosts: readonly string[] },
) {
  const { agentId, settings } = input;
  const found = await db.agent.findUnique({ where: { id: agentId }, select: { id: true, entity: { select: { name: true } } } });
  if (!found) throw new AppError("not_found", "Agent not found");
  const baseURL = settings.modelSettings?.baseURL;
  if (baseURL !== undefined) assertModelBaseURLAllowed(baseURL, input.modelHosts, found.entity.name);
  const { entity, ...a } = await db.agent.update({ where: { id: agentId }, data: settings, select: agentView });
  return { ...a, name: entity.name };
}
