import { readFileSync } from 'node:fs';
import type { NextConfig } from 'next';

function buildId(): string {
  try {
    return readFileSync('.build-id', 'utf8').trim();
  } catch {
    return 'dev';
  }
}

const id = buildId();

const nextConfig: NextConfig = {
  // Separate build folders let several checkouts' builds run side by side (tests, bench).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', '@node-rs/argon2'],
  poweredByHeader: false,
  reactStrictMode: true,
  generateBuildId: async () => id,
  env: { NEXT_PUBLIC_BUILD_ID: id },
  experimental: {
    // Cached pages and data live in memory only: the cache never outlives the process, so it can
    // never show a database it was not filled from, and random URLs cannot fill the disk.
    isrFlushToDisk: false,
  },
  images: { unoptimized: true },
  async headers() {
    return [
      {
        source: '/builds/:path*',
        headers: [{ key: 'Cache-Control', value: 'no-store' }],
      },
      {
        source: '/images/:path*',
        headers: [{ key: 'Cache-Control', value: 'public, max-age=604800, stale-while-revalidate=86400' }],
      },
    ];
  },
};

export default nextConfig;
