import type { z } from "zod";
import { rooms } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { type agentSettingsInput, agentView } from "./agent-settings";
import { assertModelBaseURLAllowed } from "./model-hosts";
import { requireAgentAdmin } from "./require-agent-admin";
import { assertNotArchived } from "./archive-agent";
import { changedFields, recordAudit } from "../audit/record-audit";

/**
 * Changes an agent's name, model and behaviour. Admins only (the HTTP adapter also checks
 * before reading the body). `modelHosts` is PARLEY_MODEL_HOSTS, the hosts a
 * modelSettings.baseURL may name (model-hosts.ts); the caller passes it from env.
 */
export async function updateAgent(
  { db, events }: Pick<Deps, "db"> & Partial<Pick<Deps, "events">>,
  actor: Actor,
  input: { agentId: string; settings: z.infer<typeof agentSettingsInput>; modelHosts: readonly string[] },
) {
  requireAgentAdmin(actor);
  const { agentId, settings } = input;
  const { name, ...agentFields } = settings;
  const found = await db.agent.findUnique({ where: { id: agentId }, select: agentView });
  if (!found) throw new AppError("not_found", "Agent not found");
  assertNotArchived(found);
  const baseURL = settings.modelSettings?.baseURL;
  if (baseURL !== undefined) assertModelBaseURLAllowed(baseURL, input.modelHosts, name ?? found.entity.name);
  const updated = await db.$transaction(async (tx) => {
    // The name lives on the agent's entity (what members see as the sender), the rest on the agent.
    const { entity, ...a } = await tx.agent.update({
      where: { id: agentId },
      data: { ...agentFields, ...(name !== undefined && { entity: { update: { name } } }) },
      select: agentView,
    });
    const { entity: before, archivedAt: _archived, ...was } = found;
    const change = changedFields({ ...was, name: before.name }, { ...settings });
    if (change) await recordAudit(tx, actor, { action: "agent.update", agentId, subject: `agent ${JSON.stringify(entity.name)}`, ...change });
    return { ...a, name: entity.name };
  });
  // Members see an agent's name and whether it is enabled (the member list, its messages'
  // sender line): its spaces reload when either changes.
  if (events && ((name !== undefined && name !== found.entity.name) || (settings.enabled !== undefined && settings.enabled !== found.enabled))) {
    const spaces = await db.membership.findMany({ where: { entityId: found.entityId }, select: { spaceId: true } });
    for (const { spaceId } of spaces) events.publish(rooms.space(spaceId), "space:updated", { spaceId });
  }
  return updated;
}
