// Reading and changing an agent's model and behaviour (admins). The admin panel will use
// these; for now they back GET/PATCH /api/agents.
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../errors";
import { assertModelBaseURLAllowed } from "./model-hosts";
import { MAX_CONCURRENT_RUNS, MAX_RUN_DURATION_MS, MAX_TOOL_STEPS } from "@/lib/limits";

export const PROVIDERS = ["offline", "openai", "anthropic", "openai-compatible"] as const;

export const agentSettingsInput = z
  .object({
    provider: z.enum(PROVIDERS),
    modelId: z.string().trim().min(1).max(200),
    modelSettings: z
      .object({
        temperature: z.number().min(0).max(2).optional(),
        maxOutputTokens: z.number().int().min(1).max(200_000).optional(),
        contextTokens: z.number().int().min(1000).max(2_000_000).optional(),
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
  })
  .partial();

const agentView = {
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
  entity: { select: { name: true } },
} as const;

export async function listAgents(db: Db) {
  const rows = await db.agent.findMany({ select: agentView, orderBy: { entity: { name: "asc" } } });
  return rows.map(({ entity, ...a }) => ({ ...a, name: entity.name }));
}

/** `modelHosts`: PARLEY_MODEL_HOSTS, the hosts a modelSettings.baseURL may name (model-hosts.ts). */
export async function updateAgent(
  db: Db,
  agentId: string,
  input: z.infer<typeof agentSettingsInput>,
  opts: { modelHosts: readonly string[] },
) {
  const found = await db.agent.findUnique({ where: { id: agentId }, select: { id: true, entity: { select: { name: true } } } });
  if (!found) throw new AppError("not_found", "Agent not found");
  const baseURL = input.modelSettings?.baseURL;
  if (baseURL !== undefined) assertModelBaseURLAllowed(baseURL, opts.modelHosts, found.entity.name);
  const { entity, ...a } = await db.agent.update({ where: { id: agentId }, data: input, select: agentView });
  return { ...a, name: entity.name };
}
