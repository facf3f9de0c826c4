// Runs before every test file (vitest setupFiles), before any module reads env(): the suite
// never reaches the network, whatever keys the machine's shell has. Without a provider key a
// hosted model fails its run at once with a clear reason, and OAuth providers stay off; tests
// that need a value set it through server/testing/with-env.ts.
const NETWORK_VARIABLES = [
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
  "OPENAI_COMPATIBLE_API_KEY",
  "OPENAI_COMPATIBLE_BASE_URL",
  "AI_GATEWAY_API_KEY",
  "AUTH_GITHUB_ID",
  "AUTH_GITHUB_SECRET",
  "AUTH_GOOGLE_ID",
  "AUTH_GOOGLE_SECRET",
  "REDIS_URL",
  "PARLEY_AGENT_PROVIDER",
  "PARLEY_AGENT_MODEL",
];
for (const name of NETWORK_VARIABLES) delete process.env[name];
