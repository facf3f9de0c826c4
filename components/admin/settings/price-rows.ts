// The price form's rows and what a save sends: every row an admin priced (edited, added, or
// already theirs). Rows still at their default or without a price are not sent, so a default
// that changes in a later release reaches them.
import { priceFor } from "@/lib/usage/default-prices";
import type { ModelPriceRowDto } from "@/lib/usage/usage-dto";

export const PRICE_FIELDS = [
  { key: "inputPerM", label: "Input" },
  { key: "cachedInputPerM", label: "Cached input" },
  { key: "outputPerM", label: "Output" },
] as const;

export type PriceField = (typeof PRICE_FIELDS)[number]["key"];

export interface PriceRow {
  modelId: string;
  /** As typed, so a half-typed number is not rewritten under the cursor. */
  values: Record<PriceField, string>;
  source: ModelPriceRowDto["source"];
  agents: string[];
}

const text = (n: number | undefined) => (n === undefined ? "" : String(n));

export function toRow(r: ModelPriceRowDto): PriceRow {
  return {
    modelId: r.modelId,
    values: { inputPerM: text(r.price?.inputPerM), cachedInputPerM: text(r.price?.cachedInputPerM), outputPerM: text(r.price?.outputPerM) },
    source: r.source,
    agents: r.agents,
  };
}

/** The row back at its default price, or without a price when the model has no default. */
export function resetRow(row: PriceRow): PriceRow {
  const d = priceFor(row.modelId, new Map());
  return {
    ...row,
    source: d ? "default" : "none",
    values: { inputPerM: text(d?.inputPerM), cachedInputPerM: text(d?.cachedInputPerM), outputPerM: text(d?.outputPerM) },
  };
}

/** The save's body; blank fields go as null so the server names them. */
export function toBody(rows: readonly PriceRow[]) {
  const num = (s: string) => (s.trim() === "" ? null : Number(s));
  return {
    prices: rows
      .filter((r) => r.source === "admin")
      .map((r) => ({
        modelId: r.modelId,
        inputPerM: num(r.values.inputPerM),
        cachedInputPerM: num(r.values.cachedInputPerM),
        outputPerM: num(r.values.outputPerM),
      })),
  };
}

/**
 * The server's field errors ("prices.2.inputPerM") keyed by the row's model and field
 * ("gpt-4o inputPerM"), by the position of each row in what was sent.
 */
export function errorsByRow(sent: ReturnType<typeof toBody>, fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const m = /^prices\.(\d+)\.(\w+)$/.exec(path);
    const row = m ? sent.prices[Number(m[1])] : undefined;
    if (m && row) out[`${row.modelId} ${m[2]}`] = message;
  }
  return out;
}
