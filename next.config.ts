import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NextConfig } from 'next';
import { API_CSP, COMMON_HEADERS, HSTS, UPLOAD_CSP } from './lib/web/security-headers.mjs';
import { DEFAULT_SITE_URL } from './lib/server/settings/defaults';

function buildId(): string {
  try {
    return readFileSync('.build-id', 'utf8').trim();
  } catch {
    return 'dev';
  }
}

const id = buildId();

// Security headers (docs/decisions/security-headers.md): the common ones on every response; HSTS when
// the request came over https (a TLS proxy in front says so) or the site is https (SITE_URL at build);
// the no-content CSP on everything that is not a page — pages get theirs from proxy.ts (per request,
// nonce) or from their cache entry (hashes), the Alipay pay form sets its own. A header set here wins
// over the route's own (Next keeps the first value), so shoppers' photos get their sandboxed policy
// here, and the API's rule leaves them out.
const common = COMMON_HEADERS.map(([key, value]) => ({ key, value }));
const hsts = { key: HSTS[0], value: HSTS[1] };
const siteIsHttps = (process.env.SITE_URL || '').startsWith('https:');
const securityHeaders = [
  { source: '/:path*', headers: siteIsHttps ? [...common, hsts] : common },
  ...(siteIsHttps ? [] : [{ source: '/:path*', has: [{ type: 'header' as const, key: 'x-forwarded-proto', value: 'https' }], headers: [hsts] }]),
  {
    source: '/:path((?:api/(?!v1/payform/|v1/uploads/.)|_next/|images/|builds/|favicon|robots\\.txt|sitemap\\.xml).*)',
    headers: [{ key: 'Content-Security-Policy', value: API_CSP }],
  },
  { source: '/api/v1/uploads/:path+', headers: [{ key: 'Content-Security-Policy', value: UPLOAD_CSP }] },
];

const nextConfig: NextConfig = {
  // Separate build folders let several checkouts' builds run side by side (tests, bench).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // prom-client: one copy shared with server.mjs, which serves the registry (lib/server/metrics/metrics.mjs).
  // @node-rs/jieba: a native addon that reads its dictionary from its package folder.
  // pdfkit reads its own data files (AFM metrics, ICC) from its package folder: it must stay in node_modules.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', '@node-rs/argon2', '@node-rs/jieba', 'pdfkit', 'fontkit', 'wechatpay-axios-plugin', 'alipay-sdk', 'qrcode', 'prom-client'],
  poweredByHeader: false,
  reactStrictMode: true,
  generateBuildId: async () => id,
  // The SITE_URL that pages rendered now carry in their canonical links: the server warns at start
  // when it runs with another (lib/server/startup.ts).
  env: { NEXT_PUBLIC_BUILD_ID: id, SHOP_BUILD_SITE_URL: (process.env.SITE_URL || DEFAULT_SITE_URL).replace(/\/+$/, '') },
  experimental: {
    // Cached pages and data live in memory only: the cache never outlives the process, so it can
    // never show a database it was not filled from, and random URLs cannot fill the disk.
    isrFlushToDisk: false,
  },
  images: { unoptimized: true },
  // Next's ISR cache, storing each cached page's hash-based CSP with it, and shared by every instance
  // through Redis when REDIS_URL is set (lib/server/cache/cache-handler.mjs).
  cacheHandler: path.resolve('lib/server/cache/cache-handler.mjs'),
  async headers() {
    return [
      ...securityHeaders,
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
