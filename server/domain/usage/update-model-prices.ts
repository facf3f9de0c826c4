// An admin saves the model prices: the list given becomes the admin-priced models (upserted),
// admin prices left out are removed (the model goes back to its default, or to no price).
// One audit entry (settings.update) with the models whose price changed, before → after.
import type { z } from "zod";
import type { Actor, Deps } from "../deps";
import { changedFields, recordAudit } from "../audit/record-audit";
import { requireUsageAdmin } from "./require-usage-admin";
import type { modelPricesInput } from "./model-prices";
import { listModelPrices } from "./list-model-prices";

type Priced = { inputPerM: number; cachedInputPerM: number; outputPerM: number };

export async function updateModelPrices({ db }: Pick<Deps, "db">, actor: Actor, input: z.infer<typeof modelPricesInput>) {
  requireUsageAdmin(actor);
  await db.$transaction(async (tx) => {
    const before = await tx.modelPrice.findMany();
    const kept = new Set(input.prices.map((p) => p.modelId));
    await tx.modelPrice.deleteMany({ where: { modelId: { notIn: [...kept] } } });
    for (const { modelId, ...price } of input.prices) {
      await tx.modelPrice.upsert({ where: { modelId }, create: { modelId, ...price }, update: price });
    }
    const was = Object.fromEntries(before.map((r) => [r.modelId, priced(r)]));
    const now: Record<string, Priced | null> = Object.fromEntries(input.prices.map(({ modelId, ...p }) => [modelId, priced(p)]));
    // A removed admin price shows as null after: the model went back to its default (or to none).
    for (const id of Object.keys(was)) if (!kept.has(id)) now[id] = null;
    const change = changedFields(was, now);
    if (change) await recordAudit(tx, actor, { action: "settings.update", subject: "model prices", ...change });
  });
  return listModelPrices({ db }, actor);
}

const priced = (p: Priced): Priced => ({ inputPerM: p.inputPerM, cachedInputPerM: p.cachedInputPerM, outputPerM: p.outputPerM });
