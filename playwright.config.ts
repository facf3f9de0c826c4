// End-to-end tests in Debian's Chromium against the production build, served by the
// real server (server/main.ts) on its own port and its own fresh database (scripts/test.sh
// wipes .data/e2e, or creates a fresh PostgreSQL database when DATABASE_URL is set).
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: "chromium",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command: "node --import tsx server/main.ts",
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      PGLITE_DIR: process.env.E2E_PGLITE_DIR ?? ".data/e2e",
      DATABASE_URL: process.env.DATABASE_URL ?? "",
      // The specs sign in as the demo accounts; a PostgreSQL database gets them only when asked.
      SEED_DEMO: "true",
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
      LOG_LEVEL: "warn",
      // e2e/helpers.ts gives each sign-up its own client address (sign-ups are limited per IP).
      TRUST_PROXY: "true",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
