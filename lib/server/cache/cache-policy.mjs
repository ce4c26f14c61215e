/**
 * What shared caches (a CDN, nginx) may keep, decided once for every response in server.mjs, after
 * Next has set its own Cache-Control. Next marks cached (ISR) pages `s-maxage=31536000` because they
 * are revalidated by tag inside the server; a cache in front of the server never hears of those
 * revalidations, and prices and stock change with every order. So:
 *   - error answers (404 included) and the operator console: never stored by anyone;
 *   - pages Next would let a shared cache keep: a short shared lifetime, served stale while a fresh
 *     copy is fetched;
 *   - everything else (API no-store, hashed static files, images) as the app set it.
 * See docs/cluster.md.
 */

export const PRIVATE_NO_STORE = 'private, no-store';
/** Seconds a shared cache may serve a public page as fresh, then stale while it revalidates. */
const PUBLIC_PAGE_SHARED_MAX_AGE_S = 60;
const PUBLIC_PAGE_STALE_WHILE_REVALIDATE_S = 300;
export const PUBLIC_PAGE_CACHE = `public, max-age=0, s-maxage=${PUBLIC_PAGE_SHARED_MAX_AGE_S}, stale-while-revalidate=${PUBLIC_PAGE_STALE_WHILE_REVALIDATE_S}`;

const isConsole = (pathname) => pathname === '/admin' || pathname.startsWith('/admin/') || pathname.startsWith('/api/v1/admin/');

/**
 * The Cache-Control to send.
 * @param {string} pathname the path the client asked for (before any rewrite)
 * @param {number} status
 * @param {string | undefined} current what the app set
 * @returns {string | undefined}
 */
export function cacheControlFor(pathname, status, current) {
  if (status >= 400 || isConsole(pathname)) return PRIVATE_NO_STORE;
  if (current && /(?:^|,)\s*s-maxage=/i.test(current)) return PUBLIC_PAGE_CACHE;
  return current;
}
