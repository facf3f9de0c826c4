// The token budget of one model call. The model's window holds more than the context: the
// tool schemas sent with every step, the steps of the call itself (tool calls and their
// results, which pile up), and the reply. Those are taken off first; the context gets its
// share of the rest, and the steps keep what the context leaves (runs/prepare-step.ts).
import { DEFAULT_OUTPUT_RESERVE_TOKENS } from "@/lib/limits";

/** Share of the window, after tools and the reply, that the context may take; the rest is for the call's steps. */
export const CONTEXT_SHARE = 0.75;
/** The share a call gets when the provider said its context was too long (one retry). */
export const RETRY_CONTEXT_SHARE = 0.4;

export interface CallBudget {
  /** The model's window. */
  window: number;
  /** Where the window comes from: the agent's settings, the model's known window, or the default for unknown models. */
  source: "settings" | "model" | "default";
  /** Kept for the reply: the agent's maxOutputTokens, or a default of at most a quarter of the window. */
  output: number;
  /** The enabled tools' schemas. */
  tools: number;
  /** The most a step's whole input (context and the call's steps so far) may take. */
  input: number;
  /** The context's part of `input`. */
  context: number;
}

export function callBudget(p: {
  contextTokens: number;
  contextSource?: CallBudget["source"];
  maxOutputTokens?: number;
  toolTokens: number;
  share?: number;
}): CallBudget {
  const window = p.contextTokens;
  const output = p.maxOutputTokens ?? Math.min(DEFAULT_OUTPUT_RESERVE_TOKENS, Math.floor(window / 4));
  const input = Math.max(0, window - output - p.toolTokens);
  return { window, source: p.contextSource ?? "settings", output, tools: p.toolTokens, input, context: Math.floor(input * (p.share ?? CONTEXT_SHARE)) };
}

const SOURCE_WORDS: Record<CallBudget["source"], string> = {
  settings: "set in the agent's modelSettings.contextTokens",
  model: "the model's known window",
  default: "default for unknown models",
};

/** The budget in words, for a run's error: "window 8,000 tokens (default for unknown models): 2,000 for the reply, …". */
export function describeBudget(b: CallBudget): string {
  const n = (x: number) => x.toLocaleString("en-US");
  return `window ${n(b.window)} tokens (${SOURCE_WORDS[b.source]}): ${n(b.output)} reserved for the reply, ${n(b.tools)} for the tool schemas, ${n(b.context)} for the context`;
}
