// The token budget of one model call. The model's window holds more than the context: the
// tool schemas sent with every step, the steps of the call itself (tool calls and their
// results, which pile up), and the reply. Those are taken off first; the context gets its
// share of the rest, and the steps keep what the context leaves (runs/prepare-step.ts).
import { DEFAULT_OUTPUT_RESERVE_TOKENS } from "@/lib/limits";

/** Share of the window, after tools and the reply, that the context may take; the rest is for the call's steps. */
export const CONTEXT_SHARE = 0.75;
/** The most of the context budget one list block (GOALS, MEMORIES) may take. */
export const BLOCK_SHARE = 0.15;
/** The share a call gets when the provider said its context was too long (one retry). */
export const RETRY_CONTEXT_SHARE = 0.4;

export interface CallBudget {
  /** The model's window. */
  window: number;
  /** Kept for the reply: the agent's maxOutputTokens, or a default of at most a quarter of the window. */
  output: number;
  /** The enabled tools' schemas. */
  tools: number;
  /** The most a step's whole input (context and the call's steps so far) may take. */
  input: number;
  /** The context's part of `input`. */
  context: number;
}

export function callBudget(p: { contextTokens: number; maxOutputTokens?: number; toolTokens: number; share?: number }): CallBudget {
  const window = p.contextTokens;
  const output = p.maxOutputTokens ?? Math.min(DEFAULT_OUTPUT_RESERVE_TOKENS, Math.floor(window / 4));
  const input = Math.max(0, window - output - p.toolTokens);
  return { window, output, tools: p.toolTokens, input, context: Math.floor(input * (p.share ?? CONTEXT_SHARE)) };
}
