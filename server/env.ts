// Environment, validated once. Everything else reads `env()` instead of process.env.
import { z } from "zod";

const emptyAsUndefined = (v: unknown) => (v === "" ? undefined : v);
const optional = z.preprocess(emptyAsUndefined, z.string().optional());

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Real PostgreSQL. Unset → embedded PGlite under PGLITE_DIR. */
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  PGLITE_DIR: z.string().default(".data/pglite"),
  /** With Redis, several processes share realtime fan-out. */
  REDIS_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  AUTH_SECRET: optional,
  /** Seed the demo workspace into an empty database on start. */
  SEED_DEMO: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("true")),
  AUTH_GITHUB_ID: optional,
  AUTH_GITHUB_SECRET: optional,
  AUTH_GOOGLE_ID: optional,
  AUTH_GOOGLE_SECRET: optional,
  /** LLM providers, chosen per agent (Agent.provider). None set → agents use the offline model. */
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  ANTHROPIC_API_KEY: optional,
  /** Any OpenAI-compatible endpoint: Ollama (http://localhost:11434/v1), vLLM, LM Studio. */
  OPENAI_COMPATIBLE_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  OPENAI_COMPATIBLE_API_KEY: optional,
  /** Provider and model the demo agents are seeded with (e.g. "openai" / "gpt-4o-mini"). Default: offline. */
  PARLEY_AGENT_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(["offline", "openai", "anthropic", "openai-compatible"]).default("offline")),
  PARLEY_AGENT_MODEL: optional,
  /** How often the run worker and plan scheduler look for due work, in ms. */
  PARLEY_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests change process.env between cases; this forgets the cached parse. */
export function resetEnvCache(): void {
  cached = undefined;
}
