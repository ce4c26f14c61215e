/**
 * Which paths exist, for proxy.ts. Next 16 answers a page's notFound() with an empty HTML body
 * (the 404 markup arrives only in the flight data), while a path that reaches the /404 route gets
 * the full 404 page. So the proxy sends every path that does not exist to /404 itself: fixed
 * routes from the metadata table, content ids from the content modules, product ids from the
 * catalog (kept in memory for a short while).
 */
import { contentPaths } from '../seo/content-paths';
import { ROUTES } from '../seo/routes';
import { parseProductIdParam } from '../validation/catalog';

const OTHER_PREFIXES = ['/admin', '/sandbox'];
const CONTENT_PATHS = new Set(contentPaths());

export type PathKind = 'known' | 'unknown' | { productId: number };

export function classifyPath(path: string): PathKind {
  if (path in ROUTES || CONTENT_PATHS.has(path)) return 'known';
  if (OTHER_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) return 'known';
  const m = /^\/proc\/([^/]+)$/.exec(path);
  const productId = m ? parseProductIdParam(m[1]) : null;
  return productId === null ? 'unknown' : { productId };
}
