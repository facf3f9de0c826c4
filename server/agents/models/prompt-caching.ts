// The context as the messages of a model call, marked for the provider's prompt cache.
// Providers reuse the longest prefix of a prompt they have seen recently: the context is laid
// out from the most stable part to the least (build-context.ts), and here each provider is told
// what it needs to cache that prefix.
// - Anthropic caches only up to explicit breakpoints: one on the system part (tools and
//   instructions, the same for every run of the agent) and one at the end of the slow part
//   (standing state and [SEEN] history, the same until a message is seen or a block is set).
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
  /** On the first user message (the slow part). */
  slow?: ProviderOptions;
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
    return { system: breakpoint, slow: breakpoint };
  }
  if (provider.startsWith("openai.")) return { call: { openai: { promptCacheKey: promptCacheKey(agentId) } } };
  return {};
}

export interface ModelPrompt {
  instructions: SystemModelMessage;
  messages: ModelMessage[];
  providerOptions?: ProviderOptions;
}

/**
 * System = the static part only; people's words are in user messages, where they cannot pose
 * as ours. The per-run part and the closing instruction come last, after the cached prefix.
 */
export function modelPrompt(context: Pick<BuiltContext, "staticPart" | "slowPart" | "turnPart" | "prompt">, caching: PromptCaching): ModelPrompt {
  return {
    instructions: { role: "system", content: context.staticPart, providerOptions: caching.system },
    messages: [
      { role: "user", content: context.slowPart, providerOptions: caching.slow },
      { role: "user", content: `${context.turnPart}\n\n${context.prompt}` },
    ],
    providerOptions: caching.call,
  };
}
