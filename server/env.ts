// Environment, validated once. Everything else reads `env()` instead of process.env.
import { z } from "zod";
import { DEFAULT_DB_POOL_SIZE } from "@/lib/limits";

const emptyAsUndefined = (v: unknown) => (v === "" ? undefined : v);
const optional = z.preprocess(emptyAsUndefined, z.string().optional());
/** A comma-separated list, trimmed and lowercased; unset → []. */
const list = (item: z.ZodString) =>
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean)
        : [],
    z.array(item),
  );

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset → 127.0.0.1 while the demo accounts exist, else 0.0.0.0 (server/listen-host.ts). */
  HOST: optional,
  /** Real PostgreSQL. Unset → embedded PGlite under PGLITE_DIR. */
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  PGLITE_DIR: z.string().default(".data/pglite"),
  /** PostgreSQL connections per process (people's requests and agents' work share them). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_DB_POOL_SIZE),
  /** With Redis, several processes share realtime fan-out, presence and rate limits. */
  REDIS_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** Namespaces every Redis key and channel, so two deployments can share one Redis. */
  REDIS_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,40}$/, "letters, digits, _ . - (at most 40)")
      .default("parley"),
  ),
  AUTH_SECRET: optional,
  /** The app's public address (e.g. https://parley.example.com); browser requests from other origins are refused. Unset → the request's own host. */
  APP_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** More origins allowed to call the app with a user's cookie, comma-separated (e.g. a second domain). */
  ALLOWED_ORIGINS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((v) => v.split(",").every((o) => !o.trim() || URL.canParse(o.trim())), "Each entry must be a URL like https://app.example.com")
      .optional(),
  ),
  /** Behind a reverse proxy: take the client IP (for rate limits) from the last X-Forwarded-For entry. */
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("false")),
  /** Demo workspace: unset → seeded into an empty embedded database only (server/seed/should-seed.ts). */
  SEED_DEMO: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).optional()),
  /** Who may create an account (server/domain/users/signup-policy.ts). */
  SIGNUP: z.preprocess(emptyAsUndefined, z.enum(["open", "closed"]).default("open")),
  SIGNUP_DOMAINS: list(z.string().regex(/^@?[a-z0-9-]+(\.[a-z0-9-]+)+$/, "expected email domains like example.com")).transform((ds) =>
    ds.map((d) => d.replace(/^@/, "")),
  ),
  AUTH_GITHUB_ID: optional,
  AUTH_GITHUB_SECRET: optional,
  AUTH_GOOGLE_ID: optional,
  AUTH_GOOGLE_SECRET: optional,
  /** LLM providers, chosen per agent (Agent.provider). None set → agents use the offline model. */
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  ANTHROPIC_API_KEY: optional,
  /** Another Anthropic Messages endpoint (a proxy); unset → Anthropic's own. */
  ANTHROPIC_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** Any OpenAI-compatible endpoint: Ollama (http://localhost:11434/v1), vLLM, LM Studio. */
  OPENAI_COMPATIBLE_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  OPENAI_COMPATIBLE_API_KEY: optional,
  /** Hosts (host or host:port) an agent's modelSettings.baseURL may point at; unset → none. */
  PARLEY_MODEL_HOSTS: list(z.string().regex(/^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/, "expected hosts like llm.internal or localhost:11434")),
  /** Provider and model the demo agents are seeded with (e.g. "openai" / "gpt-4o-mini"). Default: offline. */
  PARLEY_AGENT_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(["offline", "openai", "anthropic", "openai-compatible"]).default("offline")),
  PARLEY_AGENT_MODEL: optional,
  /** A run whose process sent no heartbeat for this long is taken over by another process (ms). */
  PARLEY_RUN_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).optional(),
  /**
   * On PostgreSQL, agents run in a thread of their own (server/agents/thread), so their work
   * does not hold up people's requests; "false" runs them on the main thread, as the embedded
   * database always does (its one in-process connection cannot be shared with a thread).
   */
  PARLEY_AGENTS_THREAD: z.enum(["true", "false"]).default("true"),
  /** How often the run worker and plan scheduler look for due work, in ms. */
  PARLEY_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Log verbosity (pino levels). Unset → "info", or "warn" under vitest. */
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional()),
  /** Set by vitest itself, never by hand: tests log less by default. */
  VITEST: optional,
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

/**
 * The log level alone. server/log.ts creates the logger on import, before server/main.ts
 * has put AUTH_SECRET in place, so it validates only its own variables and leaves env()'s
 * cache unfilled.
 */
export function logLevel(): NonNullable<Env["LOG_LEVEL"]> {
  const parsed = schema.pick({ LOG_LEVEL: true, VITEST: true }).safeParse(process.env);
  if (!parsed.success) throw new Error(`Invalid environment:\n  LOG_LEVEL: ${parsed.error.issues[0]?.message}`);
  return parsed.data.LOG_LEVEL ?? (parsed.data.VITEST ? "warn" : "info");
}

/** Tests change process.env between cases; this forgets the cached parse. */
export function resetEnvCache(): void {
  cached = undefined;
}
