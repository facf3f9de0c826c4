// Admins' model prices (the ModelPrice table): read by the usage report and the settings page.
// The table holds only what admins set; defaults stay in code (lib/usage/default-prices.ts).
import { z } from "zod";
import { MAX_PRICE_PER_M_TOKENS, MAX_PRICED_MODELS } from "@/lib/limits";
import type { ModelPriceDto } from "@/lib/usage/usage-dto";
import type { Db } from "../../db/client";

type Price = Omit<ModelPriceDto, "modelId">;

export async function adminPrices(db: Db): Promise<Map<string, Price>> {
  // Bounded by what a save may carry, so the report's cost never reads an unbounded table.
  const rows = await db.modelPrice.findMany({ take: MAX_PRICED_MODELS, orderBy: { modelId: "asc" } });
  return new Map(rows.map((r) => [r.modelId, { inputPerM: r.inputPerM, cachedInputPerM: r.cachedInputPerM, outputPerM: r.outputPerM }]));
}

const usd = z
  .number({ error: "enter a price in USD per million tokens" })
  .finite()
  .min(0, "a price cannot be negative")
  .max(MAX_PRICE_PER_M_TOKENS, `at most ${MAX_PRICE_PER_M_TOKENS} USD per million tokens`);

/** What a save carries: the admin-priced models, the whole list (a model left out goes back to its default, or to no price). */
export const modelPricesInput = z.object({
  prices: z
    .array(
      z.object({
        modelId: z
          .string()
          .trim()
          .min(1)
          .max(100)
          .regex(/^[\w.:/@-]+$/, "letters, digits and . : / @ _ - only"),
        inputPerM: usd,
        cachedInputPerM: usd,
        outputPerM: usd,
      }),
    )
    .max(MAX_PRICED_MODELS)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((p, i) => {
        if (seen.has(p.modelId)) ctx.addIssue({ code: "custom", path: [i, "modelId"], message: `${p.modelId} is listed twice` });
        seen.add(p.modelId);
      });
    }),
});
