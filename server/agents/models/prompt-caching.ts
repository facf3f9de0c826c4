// The context as the messages of a model call, marked for the provider's prompt cache.
// Providers reuse the longest prefix of a prompt they have seen recently: the context is laid
// out from the most stable part to the least (build-context.ts), and here each provider is told
// what it needs to cache that prefix.
// - Anthropic caches only at explicit breakpoints, and looks for an earlier cached prefix only
//   at content-block boundaries (up to 20 back). So the system part (tools and instructions,
//   the same for every run of the agent) gets a breakpoint, and the slow part is sent as one
//   text block per chunk (build-context.ts: standing state, then a block of [SEEN] history
//   per HISTORY_CACHE_CHUNK seqs) with breakpoints on its last settled chunk, which later
//   runs repeat and, as the history grows, find again by walking back over the chunks, and
//   on its end (the same call resumed, or the next run if nothing new was seen).
// - OpenAI caches prefixes by itself, routed by a key: one key per agent sends its runs to the
//   same cache, so they can share the prefix.
// - Other providers get no options; OpenAI-compatible servers report usage (and cached
//   tokens, where they count them) because the provider is created with includeUsage.
import type { LanguageModel, ModelMessage, SystemModelMessage } from "ai";
import type { BuiltContext } from "../context/build-context";

type ProviderOptions = NonNullable<SystemModelMessage["providerOptions"]>;

export interface PromptCaching {
  /** On the system part (the static context). */
  system?: ProviderOptions;
  /** On the slow part's last settled chunk and its last chunk, each sent as its own text part. */
  slowBreakpoint?: ProviderOptions;
  /** On the whole call. */
  call?: ProviderOptions;
}

/** The key OpenAI routes an agent's calls by, so they land where its prefix is cached. */
export const promptCacheKey = (agentId: string) => `parley-agent-${agentId}`;

export function promptCaching(model: LanguageModel, agentId: string): PromptCaching {
  // The AI SDK's providers name themselves "anthropic.messages", "openai.responses", "openai.chat"…
  const provider = typeof model === "string" ? "" : model.provider;
  if (provider.startsWith("anthropic.")) {
    const breakpoint: ProviderOptions = { anthropic: { cacheControl: { type: "ephemeral" } } };
    return { system: breakpoint, slowBreakpoint: breakpoint };
  }
  if (provider.startsWith("openai.")) return { call: { openai: { promptCacheKey: promptCacheKey(agentId) } } };
  return {};
}

export type ModelContext = Pick<BuiltContext, "staticPart" | "slowPart" | "slowChunks" | "settledChunks" | "turnPart" | "prompt">;

export interface ModelPrompt {
  instructions: SystemModelMessage;
  messages: ModelMessage[];
  providerOptions?: ProviderOptions;
}

/**
 * System = the static part only; people's words are in user messages, where they cannot pose
 * as ours. The per-run part and the closing instruction come last, after the cached prefix.
 */
export function modelPrompt(context: ModelContext, caching: PromptCaching): ModelPrompt {
  const mark = caching.slowBreakpoint;
  // Without breakpoints the slow part goes as one string: some OpenAI-compatible servers take no content arrays.
  const slow: ModelMessage = mark
    ? {
        role: "user",
        content: context.slowChunks.map((text, i) => ({
          type: "text" as const,
          text,
          providerOptions: i === context.settledChunks - 1 || i === context.slowChunks.length - 1 ? mark : undefined,
        })),
      }
    : { role: "user", content: context.slowPart };
  return {
    instructions: { role: "system", content: context.staticPart, providerOptions: caching.system },
    messages: [slow, { role: "user", content: `${context.turnPart}\n\n${context.prompt}` }],
    providerOptions: caching.call,
  };
}
