// An agent's model and behaviour settings: what an admin may change (list-agents.ts and
// update-agent.ts use them; they back GET/PATCH /api/agents).
import { z } from "zod";
import {
  MAX_AGENT_TOPIC_LENGTH,
  MAX_AGENT_TOPICS,
  MAX_CONCURRENT_RUNS,
  MAX_RUN_DURATION_MS,
  MAX_TOOL_STEPS,
  MAX_WAIT_TIMEOUT_MS,
  MIN_WAIT_TIMEOUT_MS,
} from "@/lib/limits";
import { TOOL_NAMES } from "@/lib/agents/tool-names";
import { displayName } from "@/lib/display-name";

export const PROVIDERS = ["offline", "openai", "anthropic", "openai-compatible"] as const;

export const agentSettingsInput = z
  .object({
    name: displayName,
    provider: z.enum(PROVIDERS),
    modelId: z.string().trim().min(1).max(200),
    modelSettings: z
      .object({
        temperature: z.number().min(0).max(2).optional(),
        maxOutputTokens: z.number().int().min(1).max(200_000).optional(),
        contextTokens: z.number().int().min(1000).max(2_000_000).optional(),
        summaries: z.boolean().optional(),
        baseURL: z.url().optional(),
        streamDelayMs: z.number().int().min(0).max(1000).optional(),
        thinkMs: z.number().int().min(0).max(10_000).optional(),
      })
      .strict(),
    persona: z.string().max(4000),
    instructions: z.string().max(8000),
    enabled: z.boolean(),
    maxConcurrentRuns: z.number().int().min(1).max(MAX_CONCURRENT_RUNS),
    maxToolSteps: z.number().int().min(1).max(MAX_TOOL_STEPS),
    maxRunDurationMs: z.number().int().min(10_000).max(MAX_RUN_DURATION_MS),
    /** How long the agent's questions wait for an answer. */
    waitTimeoutMs: z.number().int().min(MIN_WAIT_TIMEOUT_MS).max(MAX_WAIT_TIMEOUT_MS),
    /** Keywords or short phrases (reply mode auto wakes it on them); blanks and repeats dropped. */
    topics: z
      .array(z.string().trim().max(MAX_AGENT_TOPIC_LENGTH))
      .max(MAX_AGENT_TOPICS)
      .transform((ts) => [...new Set(ts.filter(Boolean))]),
    /** Tokens per UTC day; null removes the budget. */
    dailyTokenBudget: z.number().int().min(1).max(1_000_000_000).nullable(),
    // The registry reads an empty list as "every tool" (server/agents/tools/registry.ts), so
    // an admin who unticks them all would hand the agent everything: at least one is required.
    enabledTools: z
      .array(z.enum(TOOL_NAMES))
      .min(1, "Enable at least one tool")
      .transform((names) => [...new Set(names)]),
  })
  .partial();

/** The fields an agent is shown with (list-agents.ts, update-agent.ts). */
export const agentView = {
  id: true,
  entityId: true,
  provider: true,
  modelId: true,
  modelSettings: true,
  persona: true,
  instructions: true,
  enabled: true,
  maxConcurrentRuns: true,
  maxToolSteps: true,
  maxRunDurationMs: true,
  waitTimeoutMs: true,
  dailyTokenBudget: true,
  enabledTools: true,
  topics: true,
  archivedAt: true,
  entity: { select: { name: true } },
} as const;
