#!/usr/bin/env node
/**
 * The shop's HTTP server: Next's request handler behind node:http, for two things Next's own
 * `next start` cannot do (docs/cluster.md):
 *   - the connection's address. Route handlers only see headers, and `next start` fills
 *     X-Forwarded-For from the socket only when the client did not send one. Here every request gets
 *     the socket's address in a header whose name is random per process (SHOP_PEER_HEADER), so no
 *     client can forge it; lib/server/http/client-ip.ts reads it and trusts X-Forwarded-For only
 *     from the proxies in TRUST_PROXY.
 *   - what shared caches may keep (lib/cache-policy.mjs), applied to every response.
 * Usage: node server.mjs [-p PORT] [-H HOST] [--dev]   (PORT env or 3000; all interfaces by default)
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import next from 'next';
import { cacheControlFor } from './lib/cache-policy.mjs';
import { PAGE_TAGS_HEADER, createPageCache } from './lib/page-cache.mjs';
import { sharedCache } from './lib/server/cache-shared.mjs';
import { detectDevice, isBot } from './lib/user-agent.mjs';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', short: 'p' },
    hostname: { type: 'string', short: 'H' },
    dev: { type: 'boolean', default: false },
  },
});
const port = Number(args.port ?? process.env.PORT ?? 3000);
const hostname = args.hostname ?? process.env.HOST ?? undefined;
process.env.PORT = String(port);

/** How long a start waits for the shared cache on a cluster before it serves without it. */
const SHARED_CACHE_WAIT_MS = 3000;

const peerHeader = `x-shop-peer-${randomBytes(12).toString('hex')}`;
process.env.SHOP_PEER_HEADER = peerHeader;

// Next's tags manifest (the same module instance Next's cache checks): the page cache drops an answer
// once a tag of its page was revalidated, here or, through Redis, on another instance.
const { areTagsExpired, areTagsStale } = createRequire(import.meta.url)('next/dist/server/lib/incremental-cache/tags-manifest.external.js');
const pageCache = createPageCache({
  tagsExpired: (tags, since) => areTagsExpired(tags, since) || areTagsStale(tags, since),
  // On a cluster, only while this instance hears every revalidation (lib/server/cache-shared.mjs).
  usable: () => !process.env.REDIS_URL || globalThis[Symbol.for('liangdun.sharedCache')]?.inSync() === true,
  classify: (ua) => (isBot(ua) ? 'bot' : detectDevice(ua)),
});

/**
 * When the head goes out (Next sets its own headers just before): Cache-Control rewritten by the cache
 * policy, the page's cache tags taken out of the answer, and the answer offered to the page cache.
 */
function onHead(req, res, cacheKey) {
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

// Next's own name for this server, whatever address it listens on: the proxy's rewrites are built on
// it, and Next keeps a rewrite in-process only when its origin is this one (otherwise it proxies the
// request over HTTP to itself, a second trip through the proxy and the socket).
const app = next({ dev: args.dev, dir: path.dirname(fileURLToPath(import.meta.url)), hostname: 'localhost', port });
const handle = app.getRequestHandler();
// Runs instrumentation.ts: the database is opened and migrated here, and a database that cannot be
// reached ends the process with a message (a server that answers 500 forever helps nobody).
await app.prepare();

// On a cluster: in touch with the shared cache before the first request. Until it has read every tag
// revalidated elsewhere, this instance serves nothing from its caches (it renders from the database),
// so an instance reported ready is one that already serves cached pages. Redis being down only delays
// the start by this much: the instance then renders until Redis is back (docs/cluster.md, "One cache").
if (process.env.REDIS_URL && !args.dev) {
  const shared = sharedCache(path.join(process.env.NEXT_DIST_DIR || '.next', 'server'));
  if (!(await shared.whenSynced(SHARED_CACHE_WAIT_MS))) console.warn(`量盾商城: the shared cache (Redis) is not reachable yet; pages render from the database until it is`);
}

const server = createServer((req, res) => {
  req.headers[peerHeader] = req.socket.remoteAddress ?? '';
  const cacheKey = args.dev ? null : pageCache.keyOf(req);
  if (pageCache.serve(req, res, cacheKey)) return;
  onHead(req, res, cacheKey);
  handle(req, res);
});
server.keepAliveTimeout = 65_000; // longer than nginx's upstream keepalive, so it never reuses a closed socket
server.listen(port, hostname, async () => {
  // Next opens the database (instrumentation.ts) on the first request: make it now, so "ready" is
  // true when printed, and a database that cannot be opened ends the process before anyone calls.
  const self = !hostname || hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname;
  const health = await fetch(`http://${self.includes(':') ? `[${self}]` : self}:${port}/api/v1/health`).catch((err) => err);
  const ok = health instanceof Response && health.ok;
  console.log(ok ? `量盾商城 ready on http://${hostname ?? 'localhost'}:${port}${args.dev ? ' (dev)' : ''}` : `量盾商城: the health check failed (${health instanceof Response ? health.status : health.message})`);
});

/** How long a stop waits for the requests in flight before it exits regardless (docs/cluster.md#stop). */
const SHUTDOWN_GRACE_MS = 10_000;
let stopping = false;
for (const sig of ['SIGTERM', 'SIGINT']) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
    // No new connections; idle keep-alive ones go now, busy ones once their answer is out.
    server.close(async () => {
      const g = globalThis;
      clearInterval(g.__orderSweep);
      await g.__shopDb?.then((h) => h.close()).catch(() => {});
      await g[Symbol.for('liangdun.sharedCache')]?.close();
      process.exit(0);
    });
    server.closeIdleConnections();
  });
}
