import { normalizeSearch } from '../domain/search-words';
import { PRODUCT_SORTS } from '../validation/catalog';

/**
 * At most this many different searches get a cached results page per instance in each window; the
 * others render per request (docs/decisions/cached-pages.md). The window is the shared cache's entry
 * lifetime, so Redis holds at most this many per instance and window.
 */
export const SEARCH_PAGES_CACHED = 500;
export const SEARCH_ADMISSION_WINDOW_MS = 24 * 3600_000;

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

/**
 * A search or a sort (with a category and a page, nothing else: a price range renders per request) is
 * cached too, under /ProductList/found/<key>, the key being its parameters in one order, base64url:
 * one entry per normalised search. The sorts are few; searches are not, so at most SEARCH_PAGES_CACHED
 * different searches per instance get a cached page in each SEARCH_ADMISSION_WINDOW_MS (admitSearch);
 * the others render per request, as every search did before (docs/decisions/cached-pages.md).
 */
const FOUND_PREFIX = '/ProductList/found/';
const FOUND_KEYS = ['q', 'category', 'sort', 'page'];
const CACHED_SORTS: readonly string[] = PRODUCT_SORTS.filter((s) => s !== 'default');

const toBase64Url = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
function fromBase64Url(s: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(s)) return null;
  try {
    const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The cached route of a search or a sorted list, with the category it needs and its search word, or null (per request). */
export function cachedFoundPath(params: URLSearchParams): { path: string; category: string | null; q: string | null } | null {
  const keys = [...params.keys()];
  if (keys.some((k) => !FOUND_KEYS.includes(k)) || new Set(keys).size !== keys.length) return null;
  const raw = params.get('q');
  const q = raw === null ? null : normalizeSearch(raw) || null;
  const sort = params.get('sort');
  if (q === null && sort === null) return null;
  if (sort !== null && !CACHED_SORTS.includes(sort)) return null;
  const category = params.get('category');
  if (category !== null && (!SLUG.test(category) || category === ALL_CATEGORIES)) return null;
  const page = params.get('page') ?? '1';
  if (!PAGE.test(page) || Number(page) > MAX_CACHED_PAGE) return null;
  const canonical = new URLSearchParams();
  if (q !== null) canonical.set('q', q);
  if (category !== null) canonical.set('category', category);
  if (sort !== null) canonical.set('sort', sort);
  if (page !== '1') canonical.set('page', page);
  return { path: FOUND_PREFIX + toBase64Url(canonical.toString()), category, q };
}

/** The parameters a /ProductList/found/<key> path stands for, or null when the path is not one cachedFoundPath makes. */
export function foundParams(pathname: string): URLSearchParams | null {
  if (!pathname.startsWith(FOUND_PREFIX)) return null;
  const key = pathname.slice(FOUND_PREFIX.length);
  const decoded = fromBase64Url(key);
  if (decoded === null) return null;
  const params = new URLSearchParams(decoded);
  return cachedFoundPath(params)?.path === pathname ? params : null;
}

/**
 * A bound on how many different keys get a cached answer per instance in each window: a key already
 * admitted in this window is again, a new one while fewer than `limit` have been. It keeps random words
 * from filling the caches (memory, and Redis on a cluster); a key past it is still answered, per request.
 */
function admission(limit: number, windowMs: number) {
  const admitted = new Set<string>();
  let windowStart = 0;
  return (key: string, now = Date.now()): boolean => {
    if (now - windowStart >= windowMs) {
      admitted.clear();
      windowStart = now;
    }
    if (admitted.has(key)) return true;
    if (admitted.size >= limit) return false;
    admitted.add(key);
    return true;
  };
}

/** Whether this (normalised) search may have a cached results page (at most SEARCH_PAGES_CACHED per window). */
export const admitSearch = admission(SEARCH_PAGES_CACHED, SEARCH_ADMISSION_WINDOW_MS);

/** The search box's suggestions: at most this many different prefixes get a cached answer per instance and window. */
export const SUGGESTIONS_CACHED = 2000;
/** Whether this (normalised, lowered) prefix may have a cached answer of app/api/v1/search/suggest/[q]. */
export const admitSuggestion = admission(SUGGESTIONS_CACHED, SEARCH_ADMISSION_WINDOW_MS);
