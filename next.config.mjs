/** Sent with every response; pages also get a nonce-based Content-Security-Policy from proxy.ts. */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/** API answers are data, never documents: nothing in them may run or be framed. */
const apiHeaders = [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder for tools that build beside a running dev setup (benchmarks, load tests).
  distDir: process.env.STARLIGHT_NEXT_DIR || ".next",
  poweredByHeader: false,
  // Types are checked by `npm run typecheck` and `npm test` (tsc); `next build` checking them again added about
  // 25 s of CPU to a first `npm start`. Turbopack's build cache cost a first build 11-25 s of writing and made no
  // measurable difference to a rebuild on 2 cores.
  typescript: { ignoreBuildErrors: true },
  experimental: { turbopackFileSystemCacheForBuild: false },
  typedRoutes: false,
  serverExternalPackages: ["better-sqlite3"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      { source: "/api/:path*", headers: apiHeaders },
      // The OTLP receiver (docs/opentelemetry.md) sits where exporters append /v1/logs and /v1/metrics.
      { source: "/v1/:path*", headers: apiHeaders },
    ];
  },
};

export default nextConfig;
