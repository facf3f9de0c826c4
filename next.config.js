// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Loaded by the custom server (server/main.ts) in the same process; keep these
  // out of the route bundles so both sides share one module instance.
  serverExternalPackages: ["pino", "@electric-sql/pglite", "pg"],
};

export default nextConfig;
