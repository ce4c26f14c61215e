import { DEFAULT_SITE_URL } from './constants';

/** SITE_URL, the base of canonical URLs (docs/routes.md#noindex-and-sitemap), without a trailing slash. */
export function siteUrl(): string {
  return (process.env.SITE_URL || DEFAULT_SITE_URL).replace(/\/+$/, '');
}

export function absoluteUrl(path: string): string {
  return `${siteUrl()}${path.startsWith('/') ? path : `/${path}`}`;
}

export type ShopMode = 'demo' | 'live';

export function shopMode(): ShopMode {
  return process.env.SHOP_MODE === 'live' ? 'live' : 'demo';
}
