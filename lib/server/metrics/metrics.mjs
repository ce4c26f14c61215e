/**
 * The shop's Prometheus metrics (docs/metrics.md): one registry per process, served at /metrics by
 * server.mjs (lib/server/boot/metrics.mjs). Plain JS because server.mjs loads it before any TypeScript;
 * the service layer imports it too, from inside Next's server bundle, which would be a second copy of
 * this module: the metrics therefore live on globalThis, made once by whichever copy runs first, so a
 * count made in a service and the page served by server.mjs are the same numbers. prom-client itself is
 * one of next.config.ts's serverExternalPackages, loaded from node_modules by both.
 *
 * Every count here is one call at the one place its event happens, and cheap: a label lookup and an
 * increment. Labels are always from small fixed sets (route patterns, states, channels, templates),
 * never ids or raw URLs.
 */
import client from 'prom-client';

const KEY = Symbol.for('liangdun.metrics');

/** Seconds: from a cached page's fraction of a millisecond to a slow payment provider. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
/** A scrape never waits longer than this for the outbox's numbers (the database may be the problem). */
const OUTBOX_PROBE_TIMEOUT_MS = 2000;

function create() {
  const registry = new client.Registry();
  const registers = [registry];
  /** @type {{ pool: null | { totalCount: number, idleCount: number, waitingCount: number, options?: { max?: number } }, outboxProbe: null | (() => Promise<{ backlog: number, oldestAgeSeconds: number }>) }} */
  const sources = { pool: null, outboxProbe: null };

  const m = {
    registry,
    sources,
    httpRequests: new client.Counter({
      name: 'shop_http_requests_total',
      help: 'Requests answered, by method, Next route pattern (unknown paths: "(other)") and status class.',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new client.Histogram({
      name: 'shop_http_request_duration_seconds',
      help: 'Time from the request to the last byte of the answer handed to the socket, by method, route pattern and status class.',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    pageCache: new client.Counter({
      name: 'shop_page_cache_requests_total',
      help: 'Requests the page cache in front of Next could answer (GET documents): hit = served from memory, miss = passed to Next.',
      labelNames: ['result'],
      registers,
    }),
    nextCache: new client.Counter({
      name: 'shop_next_cache_total',
      help: "Answers of Next's cached pages by Next's own X-Nextjs-Cache verdict (HIT, STALE, MISS).",
      labelNames: ['result'],
      registers,
    }),
    dbQuery: new client.Histogram({
      name: 'shop_db_query_duration_seconds',
      help: 'Time of each database query, by database kind (pglite or postgres).',
      labelNames: ['db'],
      buckets: QUERY_BUCKETS,
      registers,
    }),
    dbPool: new client.Gauge({
      name: 'shop_db_pool_connections',
      help: "PostgreSQL pool (pg.Pool): total open connections, idle ones, requests waiting for one, and the pool's maximum. Absent on PGlite.",
      labelNames: ['state'],
      registers,
      collect() {
        const pool = sources.pool;
        if (!pool) return;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
        this.set({ state: 'max' }, pool.options?.max ?? 10);
      },
    }),
    outboxBacklog: new client.Gauge({
      name: 'shop_outbox_backlog',
      help: 'Outbox events not yet delivered (docs/outbox.md), read from the database at scrape time; -1 when the database did not answer.',
      registers,
    }),
    outboxOldest: new client.Gauge({
      name: 'shop_outbox_oldest_age_seconds',
      help: 'Age of the oldest undelivered outbox event (0 when none; -1 when the database did not answer), read at scrape time.',
      registers,
    }),
    orderPlaced: new client.Counter({
      name: 'shop_orders_placed_total',
      help: 'Orders written by checkout (a repeat of the same idempotency key is not counted).',
      registers,
    }),
    orderMoves: new client.Counter({
      name: 'shop_order_transitions_total',
      help: 'Order state changes written (lib/domain/order-status.ts), by the state entered.',
      labelNames: ['to'],
      registers,
    }),
    paymentMoves: new client.Counter({
      name: 'shop_payment_transitions_total',
      help: 'Payment state changes written (lib/domain/payment-status.ts): to = the outcome (succeeded, failed, closed …), by channel.',
      labelNames: ['channel', 'to'],
      registers,
    }),
    refundMoves: new client.Counter({
      name: 'shop_refund_transitions_total',
      help: 'Refund state changes written (lib/domain/refund-status.ts): to = the outcome.',
      labelNames: ['to'],
      registers,
    }),
    sms: new client.Counter({
      name: 'shop_sms_total',
      help: 'SMS handed to the provider, by template and outcome (sent, failed). Demo mode counts what it would send.',
      labelNames: ['template', 'outcome'],
      registers,
    }),
  };

  // The outbox's two numbers come from one query per scrape (the registry collects its metrics side by
  // side): the first of the two to ask starts it, the other waits for the same answer.
  let outboxRead = null;
  const readOutbox = () => {
    if (outboxRead) return outboxRead;
    const probe = sources.outboxProbe;
    if (!probe) return Promise.resolve(null);
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('outbox probe timed out')), OUTBOX_PROBE_TIMEOUT_MS);
    });
    outboxRead = Promise.race([probe(), timeout])
      .catch(() => ({ backlog: -1, oldestAgeSeconds: -1 }))
      .finally(() => {
        clearTimeout(timer);
        setTimeout(() => (outboxRead = null), 1000).unref();
      });
    return outboxRead;
  };
  m.outboxBacklog.collect = async function () {
    const read = await readOutbox();
    if (read) this.set(read.backlog);
  };
  m.outboxOldest.collect = async function () {
    const read = await readOutbox();
    if (read) this.set(read.oldestAgeSeconds);
  };
  return m;
}

/** The process's metrics, made on first use. */
export function shopMetrics() {
  const g = /** @type {Record<symbol, ReturnType<typeof create>>} */ (/** @type {unknown} */ (globalThis));
  return (g[KEY] ??= create());
}

/** Node's own (CPU, memory, GC, event-loop lag nodejs_eventloop_lag_*), only where /metrics is served. */
export function collectProcessMetrics() {
  const m = shopMetrics();
  if (m.processMetrics) return;
  m.processMetrics = true;
  client.collectDefaultMetrics({ register: m.registry, eventLoopMonitoringPrecision: 20 });
}

/** Checkout wrote a new order. */
export function countOrderPlaced() {
  shopMetrics().orderPlaced.inc();
}

/** `n` orders entered state `to` (lib/server/modules/order/states.ts). */
export function countOrderMoves(to, n = 1) {
  if (n > 0) shopMetrics().orderMoves.inc({ to }, n);
}

/** A payment moved (lib/server/modules/payment/states.ts). */
export function countPaymentMove(channel, to) {
  shopMetrics().paymentMoves.inc({ channel, to });
}

/** A refund moved (lib/server/modules/refund/states.ts). */
export function countRefundMove(to) {
  shopMetrics().refundMoves.inc({ to });
}

/** An SMS was handed to the provider (lib/server/sms/provider.ts). */
export function countSms(template, outcome) {
  shopMetrics().sms.inc({ template, outcome });
}

/** One database query took `seconds`. */
export function observeQuery(db, seconds) {
  shopMetrics().dbQuery.observe({ db }, seconds);
}

/** The pg.Pool whose use the pool gauge shows (lib/server/db/client.ts). */
export function watchDbPool(pool) {
  shopMetrics().sources.pool = pool;
}

/** How the outbox gauges read the database at scrape time (set at start: lib/server/bootstrap.ts). */
export function setOutboxProbe(probe) {
  shopMetrics().sources.outboxProbe = probe;
}
