/**
 * server.mjs's page cache: the complete answers of Next's cached pages (catalog and content pages),
 * kept in memory so a repeat visit skips Next's router, the proxy and the response cache — most of what
 * a cached page cost per request (docs/cluster.md, "The page cache in front of Next").
 *
 * It is exact, not timed: every answer is stored with the cache tags of its Next cache entry (the cache
 * handler copies them into PAGE_TAGS_HEADER, which this strips before the answer leaves), and is dropped
 * the moment Next's tags manifest says one of them was revalidated after it was stored — on this
 * instance, or on another one through Redis. Only what Next itself served from its cache (a HIT) is kept, only
 * for plain document requests, and keyed by everything the proxy or Next decides from: host, path and
 * query, device kind or crawler, https, and the Accept-Encoding the body was compressed for.
 *
 * Next compresses with gzip only. A page kept for a browser that takes brotli is kept as brotli instead
 * (once per entry, at its best quality, off the event loop): a quarter to a third fewer bytes, which
 * keeps the content pages' HTML within the first round trip of a slow connection
 * (docs/decisions/paint-first.md).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzip } from 'node:zlib';

export const PAGE_TAGS_HEADER = 'x-shop-page-tags';

const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliCompress);

/** Whether an Accept-Encoding header takes brotli (`br`, not refused with q=0). */
export function acceptsBrotli(header) {
  return String(header ?? '')
    .split(',')
    .some((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      if (name.trim() !== 'br') return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return q === undefined || Number(q.slice(2)) > 0;
    });
}

/** A gzip body as brotli at its best quality. */
async function asBrotli(gzipped) {
  const raw = await gunzipAsync(gzipped);
  return brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
}

const MAX_ENTRIES = 1000;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_BODY_BYTES = 1024 * 1024;
/** A bound on top of the tags: nothing served from here is older than this. */
const MAX_AGE_MS = 5 * 60_000;
/** Requests whose answer is not the document: client navigation, prefetches, server actions, conditional and partial requests. */
const SKIP_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch', 'next-action', 'next-url', 'if-none-match', 'if-modified-since', 'range', 'authorization'];

/**
 * @param {{ tagsExpired: (tags: string[], since: number) => boolean, usable?: () => boolean, classify: (userAgent: string | undefined) => string }} o
 *   tagsExpired: whether one of the tags was revalidated after `since` (Next's tags manifest);
 *   usable: false while the cache cannot know about revalidations (the shared cache is out of sync);
 *   classify: the proxy's view of a user agent ('mobile', 'desktop', 'bot')
 */
export function createPageCache({ tagsExpired, usable = () => true, classify }) {
  /** @type {Map<string, { status: number, headers: Record<string, string | string[]>, body: Buffer, tags: string[], at: number }>} */
  const entries = new Map();
  let bytes = 0;
  /** Keys whose answer is being turned into brotli: a burst of the same page converts it once. */
  const converting = new Set();

  const drop = (key) => {
    const e = entries.get(key);
    if (!e) return;
    bytes -= e.body.length;
    entries.delete(key);
  };

  /** The key of a request whose answer may come from here, or null. */
  function keyOf(req) {
    if (req.method !== 'GET') return null;
    const h = req.headers;
    if (SKIP_HEADERS.some((name) => h[name] !== undefined)) return null;
    const url = req.url ?? '/';
    if (url.includes('_rsc=')) return null;
    return [h.host ?? '', h['x-forwarded-proto'] === 'https' ? 'https' : '', classify(h['user-agent']), (h['accept-encoding'] ?? '').replace(/\s+/g, '').toLowerCase(), url].join('\n');
  }

  /** Answers from the cache when it holds a valid answer for this request; true when it did. */
  function serve(req, res, key) {
    if (key === null || !usable()) return false;
    const e = entries.get(key);
    if (!e) return false;
    if (Date.now() - e.at > MAX_AGE_MS || tagsExpired(e.tags, e.at)) {
      drop(key);
      return false;
    }
    entries.delete(key); // most recently used last
    entries.set(key, e);
    res.writeHead(e.status, e.headers);
    res.end(e.body);
    return true;
  }

  /**
   * Starts recording the answer to a request whose key is not null, before Next writes anything: Next
   * often sends its head implicitly from inside its first write() or end(), so recording must already be
   * in place then. Returns the recording's `head(status, headers, tags)`, to be called with the head as
   * it goes out (after the cache policy applied): the answer is stored once complete if that head is one
   * of Next's cached pages. Returns null when nothing is recorded.
   */
  function record(res, key) {
    if (key === null || !usable()) return null;
    const at = Date.now();
    const chunks = [];
    let size = 0;
    let keep = true;
    let meta = null;
    const take = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || !keep) return;
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');
      size += buf.length;
      if (size > MAX_BODY_BYTES) keep = false;
      else chunks.push(buf);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (chunk, encoding, cb) {
      take(chunk, encoding);
      return write.call(this, chunk, encoding, cb);
    };
    res.end = function (chunk, encoding, cb) {
      take(chunk, encoding);
      return end.call(this, chunk, encoding, cb);
    };
    const store = (status, headers, body, tags) => {
      if (!usable()) return;
      const stored = { ...headers, 'x-nextjs-cache': 'HIT', 'content-length': String(body.length) };
      for (const name of ['date', 'connection', 'keep-alive', 'transfer-encoding']) delete stored[name];
      drop(key);
      entries.set(key, { status, headers: stored, body, tags, at });
      bytes += body.length;
      for (const oldest of entries.keys()) {
        if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
        drop(oldest);
      }
    };
    res.once('finish', () => {
      if (!keep || !meta || !usable()) return;
      const { status, headers, tags } = meta;
      const body = Buffer.concat(chunks);
      if (headers['content-encoding'] !== 'gzip' || !acceptsBrotli(res.req?.headers['accept-encoding'])) return store(status, headers, body, tags);
      if (converting.has(key)) return;
      converting.add(key);
      asBrotli(body)
        .then((br) => store(status, { ...headers, 'content-encoding': 'br' }, br, tags))
        .catch(() => store(status, headers, body, tags))
        .finally(() => converting.delete(key));
    });

    /** @param {Record<string, unknown>} headers lower-case names */
    return function head(status, headers, tags) {
      const cacheState = String(headers['x-nextjs-cache'] ?? '');
      // A HIT only: Next sends a MISS as it rendered it, while the cache handler stores the page with
      // its scripts asked for after the first frame (./scripts-after-paint.mjs); the next request is a
      // HIT of that stored page, and is the one kept.
      const cached = status === 200 && tags && cacheState === 'HIT';
      const shareable = headers['set-cookie'] === undefined && /\bpublic\b/.test(String(headers['cache-control'] ?? ''));
      if (cached && shareable) meta = { status, headers, tags: tags.split(',') };
      else keep = false;
    };
  }

  return { keyOf, serve, record, size: () => entries.size };
}
