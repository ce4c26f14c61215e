/**
 * The shop's identity (docs/rules.md#shop-identity): its names, how to reach it and the legal pages.
 * Constants only, importing nothing, so that the browser's bundle can take them (the header, the footer,
 * the login form) without lib/site.ts, which reads the server's settings (and brings their schema and zod
 * into every page's JavaScript).
 */
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
