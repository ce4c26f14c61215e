/**
 * A request's path → the Next route pattern that answers it (`/api/v1/orders/[orderNo]`), the label of
 * the request metrics (docs/metrics.md): never the raw path, so an order number or a product id never
 * becomes a label and the number of series stays the number of routes. Built once at start from the
 * build's routes manifest (`<distDir>/routes-manifest.json`: every page and route handler, static and
 * dynamic, in Next's own matching order) and the top-level names of public/. Everything else — a path
 * no route has, a dev server without a manifest — is OTHER.
 *
 * Cheap per request: static paths are one Map lookup; dynamic ones are tried only among the routes
 * under the path's first static segments (a handful), then those starting with a parameter.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const OTHER = '(other)';
/** How many leading static segments key the dynamic routes (`api/v1/orders` holds a few, `api` dozens). */
const KEY_DEPTH = 3;

/**
 * @param {{ distDir: string, publicDir: string }} dirs
 * @returns {(pathname: string) => string}
 */
export function routeMatcher({ distDir, publicDir }) {
  /** @type {Map<string, string>} */
  const exact = new Map();
  /** @type {Map<string, { re: RegExp, page: string }[]>} the first static segments (up to KEY_DEPTH) → the dynamic routes under them */
  const byPrefix = new Map();
  /** @type {{ re: RegExp, page: string }[]} routes whose first segment is a parameter (`/[[...rest]]`) */
  const open = [];
  /** @type {Map<string, string>} a top-level folder of public/ or of Next's files → its label */
  const prefixes = new Map([['_next', '/_next/*']]);

  let manifest = { staticRoutes: [], dynamicRoutes: [] };
  try {
    manifest = JSON.parse(readFileSync(path.join(distDir, 'routes-manifest.json'), 'utf8'));
  } catch {
    // No build (dev, or a test without one): every path is OTHER.
  }
  for (const r of manifest.staticRoutes ?? []) exact.set(r.page, r.page);
  for (const r of manifest.dynamicRoutes ?? []) {
    const segments = r.page.split('/').slice(1);
    const fixed = segments.findIndex((seg) => seg.startsWith('['));
    const key = segments.slice(0, Math.min(fixed === -1 ? segments.length : fixed, KEY_DEPTH)).join('/');
    const entry = { re: new RegExp(r.regex), page: r.page };
    if (key === '') open.push(entry);
    else {
      const list = byPrefix.get(key) ?? [];
      list.push(entry);
      byPrefix.set(key, list);
    }
  }
  try {
    for (const name of readdirSync(publicDir)) {
      if (statSync(path.join(publicDir, name)).isDirectory()) prefixes.set(name, `/${name}/*`);
      else exact.set(`/${name}`, `/${name}`);
    }
  } catch {
    // no public/ folder
  }
  exact.set('/metrics', '/metrics');
  exact.set('/', exact.get('/') ?? '/');

  return function routeOf(pathname) {
    const hit = exact.get(pathname);
    if (hit !== undefined) return hit;
    const end = pathname.indexOf('/', 1);
    const first = end === -1 ? pathname.slice(1) : pathname.slice(1, end);
    if (end !== -1) {
      const prefix = prefixes.get(first);
      if (prefix !== undefined) return prefix;
    }
    // `/About/` and `/About` are one route.
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const trimmed = exact.get(pathname.slice(0, -1));
      if (trimmed !== undefined) return trimmed;
    }
    // The routes under the path's longest static prefix first: the more specific, as in Next's own order.
    let cut = end;
    const ends = [];
    for (let i = 0; i < KEY_DEPTH && cut !== -1; i++) {
      ends.push(cut);
      cut = pathname.indexOf('/', cut + 1);
    }
    if (ends.length < KEY_DEPTH) ends.push(pathname.length);
    for (let i = ends.length - 1; i >= 0; i--) {
      const list = byPrefix.get(pathname.slice(1, ends[i]));
      if (list) for (const r of list) if (r.re.test(pathname)) return r.page;
    }
    for (const r of open) if (r.re.test(pathname)) return r.page === '/[[...rest]]' ? OTHER : r.page;
    return OTHER;
  };
}
