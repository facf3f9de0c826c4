// Token estimates for the context budget. Four characters per token is the usual rough
// figure for English with GPT/Claude tokenizers; we only need it to be conservative and
// fast, not exact, because the budget leaves headroom for tools and the reply.
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

/** Share of the model's window the context may take; the rest is for tool schemas and output. */
export const CONTEXT_SHARE = 0.75;
