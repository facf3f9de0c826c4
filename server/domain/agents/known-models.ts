// "Test model" catches a model id the endpoint does not know before any run does: an OpenAI or
// OpenAI-compatible endpoint lists its models at GET <baseURL>/models (Ollama, vLLM, LM Studio
// and OpenAI all do); when it answers with a list, the agent's model id must be on it. An
// endpoint without the list (404, not JSON, unreachable) is not held against the agent: the test
// call that follows says what the provider thinks. Same host checks and no-redirect fetch as runs.
import { MODEL_TEST_TIMEOUT_MS } from "@/lib/limits";
import { env } from "../../env";
import { noRedirectFetch } from "../../agents/models/no-redirect-fetch";
import { assertModelBaseURLAllowed } from "./model-hosts";

/** The list's problem with the model id, or null (on the list, or no list to check). */
export async function unknownModelProblem(agent: { provider: string; modelId: string; modelSettings: unknown; name: string }): Promise<string | null> {
  const e = env();
  const own = (agent.modelSettings as { baseURL?: unknown } | null)?.baseURL;
  let baseURL: string | undefined;
  let key: string | undefined;
  if (agent.provider === "openai-compatible") {
    baseURL = typeof own === "string" ? own : e.OPENAI_COMPATIBLE_BASE_URL;
    key = e.OPENAI_COMPATIBLE_API_KEY;
  } else if (agent.provider === "openai") {
    // OpenAI itself answers an unknown model with a clear 404 on the test call; a proxy set in OPENAI_BASE_URL may not.
    baseURL = typeof own === "string" ? own : e.OPENAI_BASE_URL;
    key = e.OPENAI_API_KEY;
  } else return null;
  if (!baseURL) return null;
  if (typeof own === "string") assertModelBaseURLAllowed(own, e.PARLEY_MODEL_HOSTS, agent.name);
  let ids: string[];
  try {
    const res = await noRedirectFetch(`${baseURL.replace(/\/+$/, "")}/models`, {
      headers: key ? { authorization: `Bearer ${key}` } : {},
      signal: AbortSignal.timeout(MODEL_TEST_TIMEOUT_MS),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: { id?: unknown }[] };
    if (!Array.isArray(body?.data)) return null;
    ids = body.data.flatMap((m) => (typeof m?.id === "string" ? [m.id] : []));
  } catch {
    return null;
  }
  if (ids.length === 0 || ids.includes(agent.modelId)) return null;
  const shown = ids.slice(0, 10).join(", ");
  return `The endpoint does not know the model "${agent.modelId}". It lists: ${shown}${ids.length > 10 ? `, … (${ids.length} in all)` : ""}.`;
}
