/**
 * /ProductList without a search word has few pages: one per category (or all) and page number. Those
 * are rendered once and cached like product pages (proxy.ts rewrites the public URL to the cached
 * route); a search, a page size or any other parameter renders per request (docs/decisions/cached-pages.md).
 * Next runs the proxy again for the rewritten path, so that path is a known one too (for the categories
 * that exist and the pages cached): it shows the same page, whose canonical link is /ProductList.
 */
const CACHED_LIST_PREFIX = '/ProductList/cached';
/** The "no category" segment of the cached route. */
export const ALL_CATEGORIES = 'all';
/** Beyond this page a list renders per request: random page numbers cannot fill the cache. */
const MAX_CACHED_PAGE = 50;

const SLUG = /^[a-z0-9-]{1,40}$/;
const PAGE = /^[1-9]\d{0,1}$/;

/**
 * The cached route for these query parameters, and the category it needs to exist, or null when the
 * list must render per request. Only `category` and `page`, each at most once, written as the shop
 * writes them.
 */
export function cachedListPath(params: URLSearchParams): { path: string; category: string | null } | null {
  const keys = [...params.keys()];
  if (keys.some((k) => k !== 'category' && k !== 'page') || new Set(keys).size !== keys.length) return null;
  const category = params.get('category');
  const page = params.get('page') ?? '1';
  if (category !== null && (!SLUG.test(category) || category === ALL_CATEGORIES)) return null;
  if (!PAGE.test(page) || Number(page) > MAX_CACHED_PAGE) return null;
  return { path: `${CACHED_LIST_PREFIX}/${category ?? ALL_CATEGORIES}/${page}`, category };
}

/** The category (null for all) a cached-route path names, or undefined when the path is not one cachedListPath makes. */
export function cachedListCategory(pathname: string): string | null | undefined {
  const m = /^\/ProductList\/cached\/([^/]+)\/([^/]+)$/.exec(pathname);
  if (!m) return undefined;
  const params = new URLSearchParams(m[1] === ALL_CATEGORIES ? { page: m[2] } : { category: m[1], page: m[2] });
  const list = cachedListPath(params);
  return list?.path === pathname ? list.category : undefined;
}
