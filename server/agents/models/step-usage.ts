// A model call's token usage as Parley records it. The AI SDK counts cache reads inside
// inputTokens (inputTokenDetails.cacheReadTokens says how many of them); a provider that does
// not report cache reads leaves it undefined, recorded as null: unknown, not zero.
import type { LanguageModelUsage } from "ai";

export interface StepUsage {
  input: number;
  /** Of `input`, read from the provider's prompt cache; null when the provider did not say. */
  cachedInput: number | null;
  output: number;
  total: number;
}

export function stepUsage(usage: LanguageModelUsage): StepUsage {
  const input = usage.inputTokens ?? 0;
  const output = usage.outputTokens ?? 0;
  return { input, cachedInput: usage.inputTokenDetails?.cacheReadTokens ?? null, output, total: usage.totalTokens ?? input + output };
}
