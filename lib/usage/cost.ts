// A run's estimated cost: uncached input, cached input and output at the model's price.
// `cachedInput` is part of `input` (what the provider read from its cache), so it is not
// counted twice.
import type { ModelPriceDto } from "./usage-dto";

export function costUsd(tokens: { input: number; cachedInput: number; output: number }, price: Omit<ModelPriceDto, "modelId">): number {
  const cached = Math.min(tokens.cachedInput, tokens.input);
  return ((tokens.input - cached) * price.inputPerM + cached * price.cachedInputPerM + tokens.output * price.outputPerM) / 1_000_000;
}
