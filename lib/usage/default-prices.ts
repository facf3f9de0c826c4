// What known models cost, in USD per million tokens (input, input read from the provider's
// prompt cache, output), as the providers list them. Admins override any of them, and add
// others, in Settings; a model that is in neither has no price (shown as such, never as 0).
import type { ModelPriceDto } from "./usage-dto";

type Price = Omit<ModelPriceDto, "modelId">;

const p = (inputPerM: number, cachedInputPerM: number, outputPerM: number): Price => ({ inputPerM, cachedInputPerM, outputPerM });

export const DEFAULT_PRICES: Readonly<Record<string, Price>> = {
  "gpt-4o": p(2.5, 1.25, 10),
  "gpt-4o-mini": p(0.15, 0.075, 0.6),
  "gpt-4.1": p(2, 0.5, 8),
  "gpt-4.1-mini": p(0.4, 0.1, 1.6),
  "gpt-4.1-nano": p(0.1, 0.025, 0.4),
  o1: p(15, 7.5, 60),
  "o1-mini": p(1.1, 0.55, 4.4),
  o3: p(2, 0.5, 8),
  "o3-mini": p(1.1, 0.55, 4.4),
  "o4-mini": p(1.1, 0.275, 4.4),
  "claude-3-haiku": p(0.25, 0.03, 1.25),
  "claude-3-opus": p(15, 1.5, 75),
  "claude-3-5-haiku": p(0.8, 0.08, 4),
  "claude-3-5-sonnet": p(3, 0.3, 15),
  "claude-3-7-sonnet": p(3, 0.3, 15),
  "claude-sonnet-4": p(3, 0.3, 15),
  "claude-opus-4": p(15, 1.5, 75),
  "claude-opus-4-1": p(15, 1.5, 75),
  "claude-haiku-4-5": p(1, 0.1, 5),
  "claude-sonnet-4-5": p(3, 0.3, 15),
  // The built-in offline model runs in the process: it costs nothing.
  "parley-offline-1": p(0, 0, 0),
};

// A dated or "-latest" snapshot costs what its family does (claude-3-5-sonnet-20241022,
// gpt-4o-2024-08-06). Only such suffixes: "o3-pro" is not "o3" and must not get its price.
const SNAPSHOT = /^(.+)-(\d{4}-\d{2}-\d{2}|\d{8}|latest)$/;

/**
 * The price of `modelId`: an admin's or the default price for that exact id, else for the
 * family it is a snapshot of, else null (no price). Admin prices win over defaults.
 */
export function priceFor(modelId: string, admin: ReadonlyMap<string, Price>): Price | null {
  const exact = admin.get(modelId) ?? DEFAULT_PRICES[modelId];
  if (exact) return exact;
  const family = SNAPSHOT.exec(modelId)?.[1];
  return family ? (admin.get(family) ?? DEFAULT_PRICES[family] ?? null) : null;
}
