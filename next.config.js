// @ts-check

// The same on every response. The Content-Security-Policy is not here: it needs a fresh
// nonce per request, so server/main.ts sets it (server/http/csp.ts).
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // forbidden() (app/forbidden.tsx): a member opening /admin gets a real 403, not a 200 page
  // that only reads like a refusal.
  experimental: { authInterrupts: true },
  // Loaded by the custom server (server/main.ts) in the same process; keep these
  // out of the route bundles so both sides share one module instance.
  serverExternalPackages: ["pino", "@electric-sql/pglite", "pg"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      {
        // HSTS only means something over https (browsers ignore it on http); behind a TLS
        // proxy, that is what X-Forwarded-Proto says.
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
        headers: [{ key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" }],
      },
    ];
  },
};

export default nextConfig;
