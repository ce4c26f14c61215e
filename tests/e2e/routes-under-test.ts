/**
 * The routes the e2e suite visits: every key of the metadata table, the four special product
 * ids, and the first customer story and the first video guide of content/.
 */
import { STORIES } from '../../content/stories';
import { VIDEOS } from '../../content/help/videos';
import { SEED_PRODUCTS } from '../../lib/server/db/seed-catalog';
import { PARAM_ROUTES, ROUTES } from '../../lib/seo/routes';

export type RouteCase = {
  path: string;
  /** The exact <title>, when known. */
  title?: string;
  /** Text the <title> must contain, when only part of it is known. */
  titleContains?: string;
  /** Path of the canonical URL (SITE_URL + this). */
  canonical: string;
  private: boolean;
  /** JSON-LD @types the page must carry (Organization is always required). */
  ldTypes: string[];
};

export const SPECIAL_PRODUCT_IDS = [10909, 10913, 10914, 10915];

function fixedRoutes(): RouteCase[] {
  return Object.entries(ROUTES).map(([p, r]) => {
    const ldTypes = ['Organization'];
    if (r.parent) ldTypes.push('BreadcrumbList');
    if (p === '/helpCenter') ldTypes.push('FAQPage');
    return { path: p, title: r.title, canonical: r.canonical ?? p, private: Boolean(r.private), ldTypes };
  });
}

function productRoutes(): RouteCase[] {
  return SPECIAL_PRODUCT_IDS.map((id) => {
    const p = SEED_PRODUCTS.find((x) => x.id === id);
    if (!p) throw new Error(`seed product ${id} is missing`);
    return { path: `/proc/${id}`, title: p.seoTitle, canonical: `/proc/${id}`, private: false, ldTypes: ['Organization', 'Product', 'BreadcrumbList'] };
  });
}

/** A page with a parameter whose content lives in content/: its title contains the item's title. */
function contentRoute(prefix: string, item: { id: string; title: string } | undefined, source: string): RouteCase {
  if (!item) throw new Error(`${source} has no items`);
  const p = `${prefix}/${encodeURIComponent(item.id)}`;
  if (!PARAM_ROUTES.some((re) => re.test(p))) throw new Error(`${p} matches no PARAM_ROUTES pattern`);
  return { path: p, titleContains: item.title, canonical: p, private: false, ldTypes: ['Organization', 'BreadcrumbList'] };
}

export function routesUnderTest(): RouteCase[] {
  return [
    ...fixedRoutes(),
    ...productRoutes(),
    contentRoute('/userStoreProc', STORIES[0], 'content/stories.ts STORIES'),
    contentRoute('/helpCenter/videoGuide', VIDEOS[0], 'content/help/videos.ts VIDEOS'),
  ];
}

/** Every @type in a JSON-LD document (top level, arrays and @graph). */
export function ldTypesOf(doc: unknown): string[] {
  if (Array.isArray(doc)) return doc.flatMap(ldTypesOf);
  if (!doc || typeof doc !== 'object') return [];
  const o = doc as Record<string, unknown>;
  const own = o['@type'] === undefined ? [] : ([] as unknown[]).concat(o['@type']).map(String);
  return [...own, ...(o['@graph'] ? ldTypesOf(o['@graph']) : [])];
}
