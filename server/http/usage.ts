// GET /api/usage?days=7|30  (admins; session or API token) → UsageDto (lib/usage/usage-dto.ts):
// tokens and estimated cost per agent per day, run outcomes and durations per day.
// GET /api/settings/prices → { prices: ModelPriceRowDto[] }; PUT { prices: [{ modelId,
// inputPerM, cachedInputPerM, outputPerM }] } → { prices } (the admin-priced models, the whole
// list; recorded as settings.update). Admin check first, input second.
import { getUsage } from "../domain/usage/get-usage";
import { listModelPrices } from "../domain/usage/list-model-prices";
import { modelPricesInput } from "../domain/usage/model-prices";
import { updateModelPrices } from "../domain/usage/update-model-prices";
import { actorOf, authed, requireAdmin } from "./endpoint";
import { readJson } from "./read-json";
import { json } from "./respond";

export const usageHandler = authed(
  async (req, deps, _p, caller) => {
    requireAdmin(caller, "see usage");
    return json(await getUsage(deps, actorOf(caller), { query: Object.fromEntries(new URL(req.url).searchParams) }));
  },
  { limit: "usageReadsPerUser" },
);

export const listPricesHandler = authed(async (_req, deps, _p, caller) => {
  requireAdmin(caller, "see usage and prices");
  return json({ prices: await listModelPrices(deps, actorOf(caller)) });
});

export const updatePricesHandler = authed(
  async (req, deps, _p, caller) => {
    requireAdmin(caller, "change prices");
    const input = await readJson(req, modelPricesInput);
    return json({ prices: await updateModelPrices(deps, actorOf(caller), input) });
  },
  { limit: "accountChangesPerUser" },
);
