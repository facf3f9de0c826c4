import { generateText } from "ai";
import type { ModelTestResultDto } from "@/lib/agents/model-test-dto";
import { MODEL_TEST_MAX_OUTPUT_TOKENS, MODEL_TEST_TIMEOUT_MS } from "@/lib/limits";
import { defaultModelResolver, type ModelResolver } from "../../agents/models/resolve-model";
import { describeProviderFailure } from "../../agents/models/describe-provider-failure";
import type { Actor, Deps } from "../deps";
import { AppError, isAppError } from "../errors";
import { requireAgentAdmin } from "./require-agent-admin";
import { unknownModelProblem } from "./known-models";

export type ModelTestResult = ModelTestResultDto;

const PROMPT = "This is a connection test. Reply with one short sentence saying you are ready.";
const MAX_TEXT = 500;

/**
 * "Test model": one tiny call through the agent's resolved model (the same resolver runs use,
 * so a missing key, a base URL off the allow-list or an unknown provider fail here as they would
 * in a run), with few output tokens, a timeout and no retries. Admins only. A failed call is a
 * result, not an error: the admin asked to see what the provider says.
 */
export async function testAgentModel(
  deps: Pick<Deps, "db"> & { resolveModel?: ModelResolver },
  actor: Actor,
  input: { agentId: string },
): Promise<ModelTestResult> {
  requireAgentAdmin(actor);
  const agent = await deps.db.agent.findUnique({
    where: { id: input.agentId },
    select: { id: true, provider: true, modelId: true, modelSettings: true, entity: { select: { name: true } } },
  });
  if (!agent) throw new AppError("not_found", "Agent not found");
  const started = Date.now();
  const took = () => Date.now() - started;
  try {
    const resolved = (deps.resolveModel ?? defaultModelResolver)({ ...agent, name: agent.entity.name });
    // A model id the endpoint's list does not hold would fail every run: said before the call.
    const unknown = await unknownModelProblem({ ...agent, name: agent.entity.name });
    if (unknown) return { ok: false, text: clip(redact(unknown)), ms: took(), usage: null };
    const res = await generateText({
      model: resolved.model,
      prompt: PROMPT,
      maxOutputTokens: MODEL_TEST_MAX_OUTPUT_TOKENS,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(MODEL_TEST_TIMEOUT_MS),
    });
    return {
      ok: true,
      text: clip(res.text.trim() || "(the model answered with no text)"),
      ms: took(),
      usage: { inputTokens: res.usage.inputTokens ?? null, outputTokens: res.usage.outputTokens ?? null },
    };
  } catch (e) {
    return { ok: false, text: clip(redact(failureText(e))), ms: took(), usage: null };
  }
}

function failureText(e: unknown): string {
  if (isAppError(e)) return e.message;
  if ((e as Error)?.name === "TimeoutError" || (e as Error)?.name === "AbortError") return `The model did not answer within ${MODEL_TEST_TIMEOUT_MS / 1000} s.`;
  return describeProviderFailure(e) ?? `Model call failed: ${(e as Error)?.message ?? "unknown error"}`;
}

// Providers echo part of a refused key ("Incorrect API key provided: sk-abc…xyz"); an admin
// page is no place for even that, nor for a bearer token a proxy repeated back.
export function redact(text: string): string {
  return text.replace(/\b(sk|pk|rk|key)[-_][\w\-*.]{4,}/gi, "[redacted]").replace(/bearer\s+\S+/gi, "Bearer [redacted]");
}

const clip = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);
