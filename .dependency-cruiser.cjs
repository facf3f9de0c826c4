// Layer rules, checked by `npm run lint` (see CODE_STYLE.md). Paths are relative to the
// repo root; `@/…` imports resolve through tsconfig.json's paths.
const TESTS = "(^e2e/|/__tests__/|\\.(test|spec)\\.tsx?$)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "domain-without-transport",
      comment:
        "server/domain is what the app does, whoever asks: it knows nothing of HTTP, sockets, Next or React. " +
        "Its tests may drive it through server/http to check the whole path.",
      severity: "error",
      from: { path: "^server/domain/", pathNot: TESTS },
      to: {
        path: ["^server/(http|realtime)/", "^node_modules/(socket\\.io|socket\\.io-client|@socket\\.io/[^/]+|next|next-auth|@auth/[^/]+|react|react-dom)/"],
      },
    },
    {
      name: "ui-without-server",
      comment: "components/ and lib/ run in the browser (or are shared with it): nothing from server/ may reach the bundle.",
      severity: "error",
      from: { path: "^(components|lib)/" },
      to: { path: "^server/" },
    },
    {
      name: "prisma-client-in-data-layers",
      comment:
        "The generated Prisma client is used by the layers that own data (server/domain, server/agents, server/db, " +
        "server/seed, server/testing) and by tests. Everyone else gets a `Db` from server/db/client.ts and calls the domain.",
      severity: "error",
      from: { pathNot: ["^server/(domain|agents|db|seed|testing)/", TESTS] },
      to: { path: ["^generated/prisma/", "^node_modules/@prisma/client/"] },
    },
    {
      name: "metrics-outside-domain",
      comment:
        "server/domain records no metrics: what it does is counted where it is announced (the DomainBus, " +
        "server/metrics/watch-process.ts) or at the transport, so the domain stays plain functions.",
      severity: "error",
      from: { path: "^server/domain/", pathNot: TESTS },
      to: { path: ["^server/metrics/", "^node_modules/prom-client/"] },
    },
    {
      name: "prom-client-in-metrics-only",
      comment:
        "server/metrics owns the one registry (on globalThis, shared with Next's route bundles); everyone else records " +
        "through metrics(). A prom-client default register elsewhere would be a second registry nobody scrapes.",
      severity: "error",
      from: { pathNot: ["^server/metrics/", TESTS] },
      to: { path: "^node_modules/prom-client/" },
    },
    {
      name: "no-cycles-in-domain",
      comment: "Domain modules form a tree: a cycle means two files own one concept.",
      severity: "error",
      from: { path: "^server/domain/" },
      to: { circular: true, viaOnly: { path: "^server/domain/" } },
    },
  ],
  options: {
    doNotFollow: { path: ["node_modules", "^generated/"] },
    exclude: { path: ["^\\.next/", "^\\.data/", "^bench/out/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
      mainFields: ["module", "main", "types", "typings"],
    },
    cache: { folder: "node_modules/.cache/dependency-cruiser", strategy: "content" },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
