/**
 * server.mjs's part of the metrics (docs/metrics.md): every request counted and timed by its Next route
 * pattern and status class, the page cache's hits and misses, and `GET /metrics` in Prometheus's text
 * format for whoever holds METRICS_TOKEN.
 *
 * /metrics is not public: only a request with `Authorization: Bearer $METRICS_TOKEN` gets it. Without
 * the token, with a wrong one, or when METRICS_TOKEN is unset, the request goes on to Next like any path
 * the shop does not have, and gets the same 404 — nothing tells a visitor the endpoint exists. The
 * answer is `no-store`, and the cluster's nginx never passes /metrics at all: Prometheus asks each
 * instance directly (docs/cluster.md#metrics).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { collectProcessMetrics, shopMetrics } from '../metrics/metrics.mjs';
import { routeMatcher } from '../metrics/routes.mjs';

const METRICS_PATH = '/metrics';
const START = Symbol('shop.requestStart');
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_CLASS = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

const digest = (s) => createHash('sha256').update(s).digest();

/**
 * @param {{ root: string }} o the project's folder (the build and public/ are found from it)
 */
export function shopMetricsServer({ root }) {
  const m = shopMetrics();
  const routeOf = routeMatcher({ distDir: path.resolve(root, process.env.NEXT_DIST_DIR || '.next'), publicDir: path.join(root, 'public') });
  const token = process.env.METRICS_TOKEN || '';
  // Compared as digests: equal lengths whatever was sent, so timingSafeEqual's time says nothing about the token.
  const wanted = token ? digest(`Bearer ${token}`) : null;
  if (wanted) collectProcessMetrics();

  /**
   * One listener for every answer, which Node calls with the response as `this`: no closure made per request.
   * @this {import('node:http').ServerResponse}
   */
  function finished() {
    const req = this.req;
    const seconds = (performance.now() - this[START]) / 1000;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const labels = {
      method: METHODS.has(req.method ?? '') ? req.method : 'other',
      route: routeOf(q === -1 ? url : url.slice(0, q)),
      status: STATUS_CLASS[(this.statusCode / 100) | 0] ?? 'other',
    };
    m.httpRequests.inc(labels);
    m.httpDuration.observe(labels, seconds);
  }

  return {
    /** A path's route pattern, the metrics' label (the access log writes the same). */
    routeOf,

    /** Starts timing the request; counted once its answer is out. Call first. */
    observe(req, res) {
      res[START] = performance.now();
      res.on('finish', finished);
    },

    /** The page cache's verdict on a request it could have answered (key not null). */
    pageCache(key, hit) {
      if (key !== null) m.pageCache.inc({ result: hit ? 'hit' : 'miss' });
    },

    /** Answers /metrics to a request holding the token; true when it did (else Next answers, 404). */
    serve(req, res) {
      if (!wanted) return false;
      const url = req.url ?? '/';
      if (!url.startsWith(METRICS_PATH) || (url.length > METRICS_PATH.length && url[METRICS_PATH.length] !== '?')) return false;
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const auth = req.headers.authorization;
      if (typeof auth !== 'string' || !timingSafeEqual(digest(auth), wanted)) return false;
      m.registry.metrics().then(
        (text) => {
          res.writeHead(200, { 'content-type': m.registry.contentType, 'cache-control': 'no-store', 'x-robots-tag': 'noindex' });
          res.end(req.method === 'HEAD' ? undefined : text);
        },
        (err) => {
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
          res.end(`metrics failed: ${err.message}\n`);
        },
      );
      return true;
    },
  };
}
