// A model that is strict about its window, as real providers are: it counts each call's
// prompt (messages, tool calls and results, tool schemas) with OpenAI's o200k tokenizer and
// refuses any call over the window with OpenAI's words. For tests and bench/agents.ts.
import type { LanguageModelV4, LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { APICallError } from "ai";
import { countTokens } from "../agents/context/token-count";

const O200K = { encoding: "o200k_base" as const, charsPerToken: 3.5 };

/** A prompt as a provider counts it: every text, tool call and result, a few tokens per message, and the tool schemas. */
export function promptTokens(options: LanguageModelV4CallOptions): number {
  let n = countTokens(JSON.stringify(options.tools ?? []), O200K);
  for (const m of options.prompt) {
    n += 4;
    if (typeof m.content === "string") n += countTokens(m.content, O200K);
    else
      for (const p of m.content as { type: string; text?: string; input?: unknown; output?: unknown }[]) {
        if (p.type === "text") n += countTokens(p.text ?? "", O200K);
        else if (p.type === "tool-call") n += countTokens(JSON.stringify(p.input), O200K);
        else if (p.type === "tool-result") n += countTokens(JSON.stringify(p.output), O200K);
      }
  }
  return n + (options.maxOutputTokens ?? 0);
}

/** The model, strict about its window: a call over it is refused with OpenAI's words. */
export function strictWindow(model: LanguageModelV4, window: number, seen: number[]): LanguageModelV4 {
  return {
    specificationVersion: model.specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    supportedUrls: model.supportedUrls,
    doGenerate: (o) => model.doGenerate(o),
    doStream: async (o) => {
      const tokens = promptTokens(o);
      seen.push(tokens);
      if (tokens > window) {
        throw new APICallError({
          message: `This model's maximum context length is ${window} tokens. However, your messages resulted in ${tokens} tokens.`,
          url: "http://fake/v1/chat/completions",
          requestBodyValues: {},
          statusCode: 400,
          isRetryable: false,
        });
      }
      return model.doStream(o);
    },
  };
}
