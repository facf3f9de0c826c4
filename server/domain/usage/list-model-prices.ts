// The settings page's price list: every model with a default price, every model an admin
// priced, and every model an agent uses now (so one without a price shows up as such).
import { DEFAULT_PRICES, priceFor } from "@/lib/usage/default-prices";
import type { ModelPriceRowDto } from "@/lib/usage/usage-dto";
import type { Actor, Deps } from "../deps";
import { requireUsageAdmin } from "./require-usage-admin";
import { adminPrices } from "./model-prices";

export async function listModelPrices({ db }: Pick<Deps, "db">, actor: Pick<Actor, "isAdmin">): Promise<ModelPriceRowDto[]> {
  requireUsageAdmin(actor);
  const [admin, agents] = await Promise.all([adminPrices(db), db.agent.findMany({ select: { modelId: true, entity: { select: { name: true } } } })]);
  const usedBy = new Map<string, string[]>();
  for (const a of agents) usedBy.set(a.modelId, [...(usedBy.get(a.modelId) ?? []), a.entity.name]);
  const ids = new Set([...admin.keys(), ...Object.keys(DEFAULT_PRICES), ...usedBy.keys()]);
  return [...ids]
    .map((modelId): ModelPriceRowDto => {
      const own = admin.get(modelId);
      const price = own ?? priceFor(modelId, admin);
      return { modelId, price, source: own ? "admin" : price ? "default" : "none", agents: (usedBy.get(modelId) ?? []).sort() };
    })
    .sort((a, b) => Number(b.agents.length > 0) - Number(a.agents.length > 0) || a.modelId.localeCompare(b.modelId));
}
