import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", "e2e/**", ".next/**", "generated/**"],
    globalSetup: ["./server/testing/global-setup.ts"],
    // Provider keys and OAuth secrets from the shell are removed before any test file loads.
    setupFiles: ["./server/testing/no-network-env.ts"],
    // CI machines are shared and busy: an agent scenario on the embedded database that takes 3 s
    // on a quiet machine took 15–25 s at a load of 20 on two cores. A timeout is a limit on a
    // hung test, not a speed goal (speed is measured by bench/), so it leaves room for that.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Each integration file boots its own database; two workers fit two cores.
    maxWorkers: 2,
    // next-auth imports "next/server" without an extension, which Node's ESM loader refuses;
    // through Vite it resolves, so the sign-in route can be called in-process.
    server: { deps: { inline: ["next-auth"] } },
  },
});
