/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  typedRoutes: false,
  serverExternalPackages: ["better-sqlite3"],
};

export default nextConfig;
