/**
 * What happens to every answer Next writes, when its head goes out (Next sets its own headers just
 * before): Cache-Control rewritten by the cache policy (lib/server/cache/cache-policy.mjs, docs/cluster.md "What
 * shared caches may keep"), the page's cache tags taken out of the answer, and the answer offered to the
 * page cache (lib/server/cache/page-cache.mjs).
 */
import { cacheControlFor } from '../cache/cache-policy.mjs';
import { PAGE_TAGS_HEADER } from '../cache/page-cache.mjs';
import { shopMetrics } from '../metrics/metrics.mjs';

const NEXT_CACHE = 'x-nextjs-cache';

/**
 * Hooks `res.writeHead`; call before Next's handler runs (recording must be in place before Next's first
 * write, which may send the head implicitly).
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string | null} cacheKey the page cache's key of the request, or null
 * @param {ReturnType<typeof import('../cache/page-cache.mjs').createPageCache>} pageCache
 */
export function onResponseHead(req, res, cacheKey, pageCache) {
  const pathname = (req.url ?? '/').split('?')[0];
  const recorded = pageCache.record(res, cacheKey);
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    const code = typeof status === 'number' ? status : res.statusCode;
    // Next may pass the headers object of its cache entry itself: work on a copy, never on that.
    const at = rest.findIndex((r) => r && typeof r === 'object' && !Array.isArray(r));
    const headers = at === -1 ? undefined : { ...rest[at] };
    if (headers) rest[at] = headers;
    const key = headers && Object.keys(headers).find((k) => k.toLowerCase() === 'cache-control');
    const current = key ? headers[key] : res.getHeader('cache-control');
    const wanted = cacheControlFor(pathname, code, current === undefined ? undefined : String(current));
    if (key) delete headers[key];
    if (wanted === undefined) res.removeHeader('cache-control');
    else res.setHeader('cache-control', wanted);
    // Next's verdict on a cached page (HIT, STALE, MISS), for the metrics (docs/metrics.md).
    const nextCache = headers?.[NEXT_CACHE] ?? res.getHeader(NEXT_CACHE);
    if (nextCache !== undefined) shopMetrics().nextCache.inc({ result: String(nextCache) });
    const tags = res.getHeader(PAGE_TAGS_HEADER) ?? headers?.[PAGE_TAGS_HEADER];
    res.removeHeader(PAGE_TAGS_HEADER);
    if (headers) delete headers[PAGE_TAGS_HEADER];
    if (recorded) {
      const all = { ...res.getHeaders(), ...Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])) };
      recorded(code, all, tags === undefined ? undefined : String(tags));
    }
    return writeHead.call(this, status, ...rest);
  };
}
