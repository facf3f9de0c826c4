// Agent → language model. OpenAI, Anthropic and any OpenAI-compatible
// endpoint through the AI SDK's providers, keys from the environment; "offline" is the
// built-in deterministic model. A missing key is a readable run failure, not a crash.
// An agent's own baseURL is checked against PARLEY_MODEL_HOSTS here, at call time, so the
// server's key never goes to a host the operator did not name (domain/agents/model-hosts.ts),
// and every provider call uses noRedirectFetch, so no host can pass the call on by redirecting.
import type { LanguageModel } from "ai";
import { createOpenAI } from "@ai-sdk/openai";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { DEFAULT_CONTEXT_TOKENS } from "@/lib/limits";
import { AppError } from "../../domain/errors";
import { assertModelBaseURLAllowed } from "../../domain/agents/model-hosts";
import { env } from "../../env";
import { OfflineModel } from "./offline-model";
import { noRedirectFetch } from "./no-redirect-fetch";

export interface AgentModelConfig {
  id: string;
  name: string;
  provider: string;
  modelId: string;
  modelSettings: unknown;
}

export interface ResolvedModel {
  model: LanguageModel;
  /** The model's context window, for the context budget. */
  contextTokens: number;
  /** Where the window comes from: the agent's modelSettings, the model's known window, or DEFAULT_CONTEXT_TOKENS. Absent: settings. */
  contextSource?: WindowSource;
  temperature?: number;
  maxOutputTokens?: number;
  /** The model may write summaries of history left out of the context (EARLIER IN THIS SPACE). */
  summaries?: boolean;
}

export type WindowSource = "settings" | "model" | "default";

export type ModelResolver = (agent: AgentModelConfig) => ResolvedModel;

interface Settings {
  temperature?: number;
  maxOutputTokens?: number;
  contextTokens?: number;
  summaries?: boolean;
  baseURL?: string;
  /** Offline model: delay between streamed chunks and before the first step, ms. */
  streamDelayMs?: number;
  thinkMs?: number;
}

/** Known windows; anything else uses DEFAULT_CONTEXT_TOKENS unless modelSettings.contextTokens says otherwise. */
const WINDOWS: [RegExp, number][] = [
  [/^gpt-4o|^gpt-4\.1|^o\d/, 128_000],
  [/^gpt-5/, 400_000],
  [/^claude/, 200_000],
];

export const defaultModelResolver: ModelResolver = (agent) => {
  const s = (agent.modelSettings ?? {}) as Settings;
  const e = env();
  const known = WINDOWS.find(([re]) => re.test(agent.modelId))?.[1];
  const contextTokens = s.contextTokens ?? known ?? DEFAULT_CONTEXT_TOKENS;
  const contextSource: WindowSource = s.contextTokens !== undefined ? "settings" : known !== undefined ? "model" : "default";
  // Summaries cost a call to the agent's model, so hosted models write them only when the agent says.
  const common = { contextTokens, contextSource, temperature: s.temperature, maxOutputTokens: s.maxOutputTokens, summaries: s.summaries === true };
  /** The agent's own base URL, once allowed; undefined → the env-configured one. */
  const agentBaseURL = () => {
    if (s.baseURL === undefined) return undefined;
    if (typeof s.baseURL !== "string") throw new AppError("bad_request", `${agent.name}'s model base URL is not a URL.`);
    assertModelBaseURLAllowed(s.baseURL, e.PARLEY_MODEL_HOSTS, agent.name);
    return s.baseURL;
  };
  switch (agent.provider) {
    case "offline":
      return {
        ...common,
        model: new OfflineModel({ streamDelayMs: s.streamDelayMs ?? 30, thinkMs: s.thinkMs ?? 600 }),
        contextTokens: s.contextTokens ?? 16_000,
        contextSource: s.contextTokens !== undefined ? "settings" : "model",
        summaries: s.summaries ?? true,
      };
    case "openai":
      if (!e.OPENAI_API_KEY) throw new AppError("bad_request", `${agent.name} uses OpenAI but OPENAI_API_KEY is not set.`);
      return {
        ...common,
        model: createOpenAI({ apiKey: e.OPENAI_API_KEY, baseURL: agentBaseURL() ?? e.OPENAI_BASE_URL, fetch: noRedirectFetch })(agent.modelId),
      };
    case "anthropic":
      if (!e.ANTHROPIC_API_KEY) throw new AppError("bad_request", `${agent.name} uses Anthropic but ANTHROPIC_API_KEY is not set.`);
      return { ...common, model: createAnthropic({ apiKey: e.ANTHROPIC_API_KEY, baseURL: e.ANTHROPIC_BASE_URL, fetch: noRedirectFetch })(agent.modelId) };
    case "openai-compatible": {
      const baseURL = agentBaseURL() ?? e.OPENAI_COMPATIBLE_BASE_URL;
      if (!baseURL) throw new AppError("bad_request", `${agent.name} uses an OpenAI-compatible endpoint but OPENAI_COMPATIBLE_BASE_URL is not set.`);
      // includeUsage asks the server for token counts on streamed calls (off by default there).
      const provider = createOpenAICompatible({
        name: "openai-compatible",
        baseURL,
        apiKey: e.OPENAI_COMPATIBLE_API_KEY,
        includeUsage: true,
        fetch: noRedirectFetch,
      });
      return { ...common, model: provider(agent.modelId) };
    }
    default:
      throw new AppError("bad_request", `${agent.name} has an unknown model provider "${agent.provider}".`);
  }
};
