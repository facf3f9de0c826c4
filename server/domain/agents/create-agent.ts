import type { z } from "zod";
import { MAX_AGENTS } from "@/lib/limits";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { recordAudit } from "../audit/record-audit";
import { agentSettingsInput, agentView } from "./agent-settings";
import { assertModelBaseURLAllowed } from "./model-hosts";
import { requireAgentAdmin } from "./require-agent-admin";
import { DEFAULT_MODEL_IDS } from "@/lib/agents/default-models";

export { DEFAULT_MODEL_IDS } from "@/lib/agents/default-models";

// The same fields and rules as an update, but a name is required; everything else has the
// schema's defaults (the offline model, every tool, the standard limits).
export const agentCreateInput = agentSettingsInput.required({ name: true });

/**
 * Creates an agent (its entity, which members see as the sender, and its settings). Admins only.
 * An OpenAI-compatible agent needs a model id: there is no model every such server has.
 * A name already used by a live agent is refused, since members address agents by name.
 */
export async function createAgent(
  { db }: Pick<Deps, "db">,
  actor: Actor,
  input: { settings: z.infer<typeof agentCreateInput>; modelHosts: readonly string[] },
) {
  requireAgentAdmin(actor);
  const { name, provider = "offline", modelId, ...rest } = input.settings;
  const model = modelId ?? DEFAULT_MODEL_IDS[provider];
  if (!model)
    throw new AppError("bad_request", "modelId: Name the model this provider should use", { fields: { modelId: "Name the model this provider should use" } });
  const baseURL = rest.modelSettings?.baseURL;
  if (baseURL !== undefined) assertModelBaseURLAllowed(baseURL, input.modelHosts, name);
  return db.$transaction(async (tx) => {
    const [taken, live] = await Promise.all([
      tx.agent.count({ where: { archivedAt: null, entity: { name: { equals: name, mode: "insensitive" } } } }),
      tx.agent.count({ where: { archivedAt: null } }),
    ]);
    if (taken)
      throw new AppError("conflict", `name: An agent named ${JSON.stringify(name)} already exists`, {
        fields: { name: "An agent with this name already exists" },
      });
    if (live >= MAX_AGENTS) throw new AppError("conflict", `The workspace already has ${MAX_AGENTS} agents; delete one first`);
    const { entity, ...a } = await tx.agent.create({
      data: { ...rest, provider, modelId: model, entity: { create: { type: "agent", name } } },
      select: agentView,
    });
    const after = { name, provider, modelId: model, ...rest };
    await recordAudit(tx, actor, { action: "agent.create", agentId: a.id, subject: `agent ${JSON.stringify(name)}`, before: null, after });
    return { ...a, name: entity.name };
  });
}
