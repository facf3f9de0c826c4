// Why an agent's model provider cannot work on this server, or null when it can: no key for its
// provider, no endpoint, a base URL off the allow-list, or a provider the server does not know.
// The same conditions server/agents/models/resolve-model.ts refuses a run on, checked before a
// run is queued, so such an agent is not woken (each refusal says why, "not configured: …") and
// is marked "not configured" in the members panel and the admin list. The text is for admins
// and the chain tree; it names environment variables, never their values.
import type { Env } from "../../env";
import { matchModelHost } from "./model-hosts";

type ProviderEnv = Pick<Env, "OPENAI_API_KEY" | "ANTHROPIC_API_KEY" | "OPENAI_COMPATIBLE_BASE_URL" | "PARLEY_MODEL_HOSTS">;

export const NOT_CONFIGURED = "not configured";

export function providerProblem(agent: { provider: string; modelSettings?: unknown }, e: ProviderEnv): string | null {
  const baseURL = (agent.modelSettings as { baseURL?: unknown } | null | undefined)?.baseURL;
  if (baseURL !== undefined && (typeof baseURL !== "string" || !matchModelHost(baseURL, e.PARLEY_MODEL_HOSTS ?? [])))
    return `${NOT_CONFIGURED}: the agent's model base URL is not an allowed host (PARLEY_MODEL_HOSTS)`;
  switch (agent.provider) {
    case "offline":
    case "mock":
      return null;
    case "openai":
      return e.OPENAI_API_KEY ? null : `${NOT_CONFIGURED}: provider openai has no key (OPENAI_API_KEY is not set)`;
    case "anthropic":
      return e.ANTHROPIC_API_KEY ? null : `${NOT_CONFIGURED}: provider anthropic has no key (ANTHROPIC_API_KEY is not set)`;
    case "openai-compatible":
      return baseURL || e.OPENAI_COMPATIBLE_BASE_URL
        ? null
        : `${NOT_CONFIGURED}: provider openai-compatible has no endpoint (OPENAI_COMPATIBLE_BASE_URL is not set)`;
    default:
      return `${NOT_CONFIGURED}: the model provider is unknown to this server`;
  }
}
