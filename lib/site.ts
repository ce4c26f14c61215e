/**
 * The shop's identity (docs/rules.md#shop-identity): its names, how to reach it, the legal pages, and
 * the settings that say where and how it runs. Bundled for the browser too (the header, the footer,
 * the pay screens), which never calls settings().
 */
import { settings } from './server/settings/settings';

export const SHOP_NAME = '量盾商城';
export const BRAND_NAME = '量盾科技';
export const COMPANY_NAME = '量盾量子安全科技有限公司';
export const SERVICE_PHONE = '400-820-0909';
export const SERVICE_EMAIL = 'service@liangdun.cn';
export const COMPANY_ADDRESS = {
  streetAddress: '高新区科学大道 909 号量子安全产业园 A 座',
  addressLocality: '合肥市',
  addressRegion: '安徽省',
  postalCode: '230088',
  addressCountry: 'CN',
} as const;

/** Where the footer's ICP 备案号 links: the MIIT filing lookup (docs/rules.md#shop-identity). */
export const ICP_BEIAN_URL = 'https://beian.miit.gov.cn/';
/** The two legal pages (docs/privacy.md), linked from the footer and the login form's consent box. */
export const TERMS_PATH = '/userAgreement';
export const PRIVACY_PATH = '/privacyPolicy';

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
