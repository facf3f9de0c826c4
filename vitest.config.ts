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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each integration file boots its own database; two workers fit two cores.
    maxWorkers: 2,
    // next-auth imports "next/server" without an extension, which Node's ESM loader refuses;
    // through Vite it resolves, so the sign-in route can be called in-process.
    server: { deps: { inline: ["next-auth"] } },
  },
});
