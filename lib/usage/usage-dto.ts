// The usage page's data on the wire (GET /api/usage), computed by server/domain/usage.

/** USD per million tokens. */
export interface ModelPriceDto {
  modelId: string;
  inputPerM: number;
  cachedInputPerM: number;
  outputPerM: number;
}

/** A model as the settings page lists it: its price and whose it is. */
export interface ModelPriceRowDto {
  modelId: string;
  /** null: no price (a model an agent uses that neither an admin nor the defaults price). */
  price: Omit<ModelPriceDto, "modelId"> | null;
  /** "admin": set in Settings; "default": lib/usage/default-prices.ts; "none": no price. */
  source: "admin" | "default" | "none";
  /** Agents using this model now, so an admin sees which prices matter. */
  agents: string[];
}

/** Tokens of one agent on one UTC day. `cachedShare` is cachedInput / input (null without input). */
export interface TokensPoint {
  day: string;
  agentId: string;
  input: number;
  cachedInput: number;
  output: number;
  cachedShare: number | null;
}

/**
 * Estimated cost of one agent on one UTC day: `usd` sums the runs of priced models (null when
 * none of its runs had a price); `unpriced` lists the models that have none.
 */
export interface CostPoint {
  day: string;
  agentId: string;
  usd: number | null;
  unpriced: string[];
}

export interface OutcomesPoint {
  day: string;
  completed: number;
  failed: number;
  canceled: number;
}

/** Runs that ended that day, with a start: median and 95th percentile of endedAt − startedAt. */
export interface DurationPoint {
  day: string;
  runs: number;
  medianMs: number | null;
  p95Ms: number | null;
}

export interface UsageDto {
  /** Every UTC day of the range, oldest first (YYYY-MM-DD). */
  days: string[];
  agents: { id: string; name: string }[];
  tokens: TokensPoint[];
  cost: CostPoint[];
  outcomes: OutcomesPoint[];
  durations: DurationPoint[];
}
