// Which agent providers the server can call, from the environment: a boolean per provider for
// the admin panel, so it can say "no key" without ever sending the key. The same conditions
// server/agents/models/resolve-model.ts refuses a run on.
import type { Env } from "../../env";

export function configuredProviders(e: Pick<Env, "OPENAI_API_KEY" | "ANTHROPIC_API_KEY" | "OPENAI_COMPATIBLE_BASE_URL">): Record<string, boolean> {
  return {
    offline: true,
    mock: true,
    openai: !!e.OPENAI_API_KEY,
    anthropic: !!e.ANTHROPIC_API_KEY,
    // An agent may name its own baseURL instead (modelSettings.baseURL); listAgents checks that.
    "openai-compatible": !!e.OPENAI_COMPATIBLE_BASE_URL,
  };
}
