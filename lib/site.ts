/**
 * Where and how the shop runs, from the server's settings (docs/rules.md#shop-identity): the site's URL,
 * the shop mode and the ICP 备案号; and, for the server's own code, the shop's identity from
 * lib/shop-identity.ts. The browser's code imports lib/shop-identity.ts directly (the lint rule
 * shop/no-server-in-client says so), never this file.
 */
import { settings } from './server/settings/settings';

export * from './shop-identity';

/** SITE_URL, the base of canonical URLs (docs/routes.md#noindex-and-sitemap), without a trailing slash. */
export function siteUrl(): string {
  return settings().SITE_URL.replace(/\/+$/, '');
}

export function absoluteUrl(path: string): string {
  return `${siteUrl()}${path.startsWith('/') ? path : `/${path}`}`;
}

export type ShopMode = 'demo' | 'live';

export function shopMode(): ShopMode {
  return settings().SHOP_MODE === 'live' ? 'live' : 'demo';
}

/**
 * ICP_BEIAN, the site's ICP 备案号 for the footer, or null when unset (docs/rules.md#environment).
 * Read per request by GET /api/v1/site, never while a page renders: static pages are rendered at
 * build time and would keep the build's value.
 */
export function icpBeian(): string | null {
  return settings().ICP_BEIAN?.trim() || null;
}
