#!/usr/bin/env node
/**
 * The shop's HTTP server: Next's request handler behind node:http, for two things Next's own
 * `next start` cannot do (docs/cluster.md): the connection's address for the per-IP limits, and what
 * shared caches may keep; with a page cache in front of Next. This file only puts the parts together,
 * in the order they must run; each part is a module of lib/server/boot/
 * (docs/cluster.md#the-server-file-by-file).
 * Usage: node server.mjs [-p PORT] [-H HOST] [--dev]   (PORT env or 3000; all interfaces by default)
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { accessLog } from './lib/server/boot/access-log.mjs';
import { admissionGate } from './lib/server/boot/admission.mjs';
import { lagProbe } from './lib/server/boot/lag.mjs';
import { requestLimits } from './lib/server/boot/limits.mjs';
import { serverOptions } from './lib/server/boot/options.mjs';
import { shopMetricsServer } from './lib/server/boot/metrics.mjs';
import { shopPageCache } from './lib/server/boot/page-cache.mjs';
import { peerAddressHeader } from './lib/server/boot/peer-address.mjs';
import { reportReady } from './lib/server/boot/ready.mjs';
import { requestIdOf, withRequestId } from './lib/server/boot/request-context.mjs';
import { onResponseHead } from './lib/server/boot/response-head.mjs';
import { joinSharedCache } from './lib/server/boot/shared-cache.mjs';
import { stopOnSignals } from './lib/server/boot/shutdown.mjs';
import { slowedByTest } from './lib/server/boot/test-hooks.mjs';
import { startWatchdog } from './lib/server/boot/watchdog.mjs';

const { port, hostname, dev } = serverOptions();
const markPeer = peerAddressHeader();
const pageCache = shopPageCache();
const root = path.dirname(fileURLToPath(import.meta.url));
// Request counts and times by route pattern, and GET /metrics for Prometheus (docs/metrics.md).
const metrics = shopMetricsServer({ root });
// What one request may cost this instance (docs/cluster.md#bounded-requests).
const limits = requestLimits();
const gate = admissionGate(limits, lagProbe(limits.lagShedMs));
const requests = accessLog({ target: limits.accessLog, dir: limits.accessLogDir, keepDays: limits.accessLogDays, routeOf: metrics.routeOf });

// Next's own name for this server, whatever address it listens on: the proxy's rewrites are built on
// it, and Next keeps a rewrite in-process only when its origin is this one (otherwise it proxies the
// request over HTTP to itself, a second trip through the proxy and the socket).
const app = next({ dev, dir: root, hostname: 'localhost', port });
const handle = app.getRequestHandler();
// Runs instrumentation.ts: the database is opened and migrated here, and a database that cannot be
// reached ends the process with a message (a server that answers 500 forever helps nobody).
await app.prepare();
await joinSharedCache({ dev });
/** @type {ReturnType<typeof startWatchdog> | null} */
let watchdog = null;

const server = createServer((req, res) => {
  // Next listens for the answer's end several times over, and so do the access log, the gate and the
  // watchdog: more than Node's default of 10, which warns of a leak that is not one.
  res.setMaxListeners(20);
  metrics.observe(req, res);
  const id = requestIdOf(req, res);
  requests.record(req, res, id);
  markPeer(req);
  if (metrics.serve(req, res)) return;
  const cacheKey = dev ? null : pageCache.keyOf(req);
  const hit = pageCache.serve(req, res, cacheKey);
  metrics.pageCache(cacheKey, hit);
  if (hit) return;
  const pathname = (req.url ?? '/').split('?')[0];
  watchdog?.watch(req, res, id, pathname);
  gate.admit(
    req,
    res,
    pathname,
    slowedByTest(limits.testHooks, req, () => {
      onResponseHead(req, res, cacheKey, pageCache);
      withRequestId(id, () => handle(req, res));
    }),
  );
});
server.keepAliveTimeout = 65_000; // longer than nginx's upstream keepalive, so it never reuses a closed socket
server.listen(port, hostname, async () => {
  await reportReady({ port, hostname, dev });
  // Watched only once ready: opening the database on the first request (migrations, on PGlite in this
  // thread) may hold the event loop longer than a request ever may.
  if (!dev) watchdog = startWatchdog(limits.watchdogMs);
});
stopOnSignals(server);
