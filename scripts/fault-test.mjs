#!/usr/bin/env node
/**
 * The fault test: kill the shop with SIGKILL in the middle of a checkout and payment load,
 * start it again on the same data, and check the books.
 *
 *   node scripts/fault-test.mjs --db pglite|postgres
 *
 *  1. `server.mjs` (the production build in NEXT_DIST_DIR or .next; NODE_ENV=production, SHOP_MODE=demo,
 *     SITE_URL=http://127.0.0.1:<port>) on 127.0.0.1:FAULT_PORT (3370), on a fresh DATA_DIR (PGlite) or a
 *     fresh database shop_fault_<random> made on TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/test)
 *     and dropped at the end. The server is spawned as `node server.mjs`: the process killed is the
 *     one serving (checked: it has no child processes, and on PGlite it holds the data dir's lock).
 *  2. The starting stock of the SKUs the load buys (product 10909's two SKUs, a service SKU of 10920).
 *  3. FAULT_SHOPPERS (20) shoppers log in (demo SMS codes, one address each: X-Forwarded-For,
 *     trusted from this host through TRUST_PROXY) and save an address. On
 *     PGlite, meanwhile, a second process (scripts/admin-create.ts) must be refused the data dir.
 *  4. The shoppers loop concurrently: order (a fresh idempotency key per attempt) → WeChat Native payment
 *     → the demo phone confirms (sometimes losing the notification), sometimes cancelling before paying,
 *     sometimes cancelling after a payment whose notification was lost (the late-payment refund path),
 *     sometimes paying one order twice (Native and H5 at once). After FAULT_LOAD_MS (4000; longer, up to
 *     3×, until FAULT_MIN_CONFIRMED (15) payments were confirmed) the server gets SIGKILL, whatever it is
 *     doing, and stays down FAULT_DOWN_MS (10500: the sweep at start then repeats every refund cut short).
 *  5. Start again on the same data. Orders whose answer was lost are asked for again with the same
 *     idempotency key; every order a shopper was told about must be served; every payment recorded is
 *     polled as its owner (GET /payments/{no}, which asks the gateway at most every 5 s) until it is
 *     settled or has been asked about after the restart; then each shopper pays one more order.
 *  6. SIGTERM, then the books, by SQL on the database itself:
 *     stock accounted (start = now + what live orders hold), no order paid twice, no payment lost
 *     (gateway paid ⇔ shop succeeded; late payments refunded), no payment stuck, refunds settled, no
 *     acknowledged write lost. Prints the figures; the exit status is 1 when any check fails.
 * FAULT_KEEP=1 keeps the data dir and server log. The machine may be slow: timeouts are generous.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createScratchDatabase } from './scratch-database.mjs';
import { startShop, waitForHealth } from './shop-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const require = createRequire(import.meta.url);

const argDb = (() => {
  const i = process.argv.indexOf('--db');
  const v = i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith('--db='))?.slice(5);
  return v ?? 'pglite';
})();
if (argDb !== 'pglite' && argDb !== 'postgres') {
  console.error('usage: node scripts/fault-test.mjs --db pglite|postgres');
  process.exit(2);
}
const KIND = argDb;
const HOST = '127.0.0.1';
const PORT = Number(process.env.FAULT_PORT || 3370);
const BASE = `http://${HOST}:${PORT}`;
const DIST = process.env.NEXT_DIST_DIR || '.next';
const SHOPPERS = Number(process.env.FAULT_SHOPPERS || 20);
const LOAD_MS = Number(process.env.FAULT_LOAD_MS || 4000);
// On a slow machine the kill waits (up to 3 × LOAD_MS) until this many payments were confirmed under load.
const MIN_CONFIRMED = Number(process.env.FAULT_MIN_CONFIRMED || 15);
// Down time between the kill and the restart: longer than the 10 s after which the payment sweep (run at
// start) repeats a refund still under way, so every refund the kill cut short is repeated at the restart.
const DOWN_MS = Number(process.env.FAULT_DOWN_MS || 10_500);
const KEEP = process.env.FAULT_KEEP === '1';
const P = { cancelFirst: 0.12, double: 0.1, drop: 0.3, cancelAfterDrop: 0.4 };

const t0 = Date.now();
const say = (msg) => console.log(`[fault ${KIND} ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)}s] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!existsSync(path.join(DIST, 'BUILD_ID'))) {
  console.error(`[fault] no production build in ${DIST}/: run \`node scripts/write-build-meta.mjs && npx next build\` first`);
  process.exit(1);
}

// ------------------------------------------------------------------ the database and the server

const work = mkdtempSync(path.join(tmpdir(), 'shop-fault-'));
const dataDir = path.join(work, 'data');
const logFile = path.join(work, 'server.log');
const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(PORT),
  DATA_DIR: dataDir,
  SITE_URL: BASE,
  SHOP_MODE: 'demo',
  NEXT_DIST_DIR: DIST,
  NEXT_TELEMETRY_DISABLED: '1',
  TRUST_PROXY: '127.0.0.1/32',
};
delete env.DATABASE_URL;
delete env.E2E;

let dbUrl = null;
let dropDatabase = async () => {};
if (KIND === 'postgres') {
  let scratch;
  try {
    scratch = await createScratchDatabase('shop_fault');
  } catch (err) {
    console.error(`[fault] ${err.message}`);
    rmSync(work, { recursive: true, force: true });
    process.exit(1);
  }
  dropDatabase = scratch.drop;
  dbUrl = scratch.url;
  env.DATABASE_URL = dbUrl;
}

let server = null;

async function portAnswers() {
  try {
    await fetch(`${BASE}/api/v1/health`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

async function startServer(label) {
  appendFileSync(logFile, `\n===== ${label} ${new Date().toISOString()} =====\n`);
  const out = openSync(logFile, 'a');
  const child = startShop({ port: PORT, host: HOST, env, stdio: ['ignore', out, out] });
  server = child;
  try {
    const ms = await waitForHealth(BASE, child);
    say(`${label}: server.mjs (pid ${child.pid}) healthy in ${(ms / 1000).toFixed(1)} s`);
    return child;
  } catch (err) {
    throw new Error(`${label}: ${err.message}; see ${logFile}`);
  }
}

/** The pid we kill must be the node process serving: no children of its own. */
function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function stopServer(signal = 'SIGTERM') {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  server.kill(signal);
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await server.exited;
  clearTimeout(timer);
}

// ------------------------------------------------------------------ HTTP

class NetError extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

/** One request; a failed connection (refused, reset, timed out) throws NetError. */
async function call(method, pathOrUrl, { token, ip, body, form } = {}) {
  const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${BASE}/api/v1${pathOrUrl}`;
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  if (token) headers.token = token;
  if (ip) headers['x-forwarded-for'] = ip;
  let payload;
  if (form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = form;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  try {
    const res = await fetch(url, { method, headers, body: payload, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, json, location: res.headers.get('location'), text };
  } catch (err) {
    throw new NetError(err?.cause?.code ?? err?.name ?? 'error');
  }
}

/** After the restart: a stale keep-alive socket may fail once; the request is asked again (idempotent ones only). */
async function callRetry(method, p, opts) {
  for (let i = 0; ; i++) {
    try {
      return await call(method, p, opts);
    } catch (err) {
      if (!(err instanceof NetError) || i >= 4) throw err;
      await sleep(300);
    }
  }
}

async function pool(items, n, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

// ------------------------------------------------------------------ what the shoppers did

const killed = { at: 0, done: false };
const stats = {
  ordersAcked: 0,
  orderRefused: 0, // 409: out of stock etc.
  paymentsStarted: 0,
  confirmed: 0,
  dropped: 0,
  doubleAttempts: 0,
  cancelledFirst: 0,
  cancelledAfterDrop: 0,
  recoveredByKey: 0,
  netBeforeKill: {},
  netAtKill: {},
  http: {},
};
const orders = new Map(); // orderNo → { s, key, cancelAcked }
const unknownKeys = []; // orders whose answer was lost: { s, key, items }
const payments = new Map(); // paymentNo → { orderNo, s, channel, confirmed, dropped }

const bump = (o, k) => (o[k] = (o[k] ?? 0) + 1);
function netError(err) {
  bump(killed.done ? stats.netAtKill : stats.netBeforeKill, err.code);
}
function httpProblem(step, r) {
  bump(stats.http, `${step} ${r.status}${r.json?.message ? ` ${r.json.message}` : ''}`);
}

let skuPlan = []; // [{ skuId, stock }]: what the load buys

function pickItems() {
  const pick = [...skuPlan].sort(() => Math.random() - 0.5).slice(0, randomInt(1, 3));
  return pick.map((p) => ({ skuId: p.skuId, quantity: randomInt(1, 3) }));
}

async function startPay(s, orderNo, channel) {
  const r = await call('POST', '/payments', { token: s.token, ip: s.ip, body: { orderNo, channel } });
  if (r.json?.resultCode !== 200) return void httpProblem(`pay ${channel}`, r);
  const d = r.json.data;
  stats.paymentsStarted++;
  payments.set(d.paymentNo, { orderNo, s, channel, confirmed: false, dropped: false });
  const page = d.codeUrl ?? d.h5Url?.replace(/\?.*$/, '');
  return page ? { paymentNo: d.paymentNo, page } : null;
}

async function confirm(p, drop) {
  const r = await call('POST', `${p.page}/confirm`, { form: drop ? 'drop_notify=1' : '' });
  const ok = r.status === 303 && r.location && !new URL(r.location, BASE).searchParams.has('error');
  if (!ok) return void httpProblem('confirm', r);
  const rec = payments.get(p.paymentNo);
  rec.confirmed = true;
  rec.dropped = drop;
  stats.confirmed++;
  if (drop) stats.dropped++;
}

async function cancel(s, orderNo) {
  const r = await call('POST', `/orders/${orderNo}/cancel`, { token: s.token, ip: s.ip });
  if (r.json?.resultCode !== 200) return httpProblem('cancel', r), false;
  orders.get(orderNo).cancelAcked = true;
  return true;
}

async function placeOrder(s, key, items) {
  const r = await call('POST', '/orders', { token: s.token, ip: s.ip, body: { items, addressId: s.addressId, idempotencyKey: key } });
  if (r.json?.resultCode !== 200) {
    if (r.status === 409) stats.orderRefused++;
    else httpProblem('order', r);
    return null;
  }
  const orderNo = r.json.data.orderNo;
  if (!orders.has(orderNo)) orders.set(orderNo, { s, key, cancelAcked: false });
  return orderNo;
}

/** A checkout's faults, drawn at random (or given: the warm-up walks each path once). */
const draw = () => ({
  cancelFirst: Math.random() < P.cancelFirst,
  double: Math.random() < P.double,
  drop: Math.random() < P.drop,
  cancelAfterDrop: Math.random() < P.cancelAfterDrop,
});
const NO_FAULTS = { cancelFirst: false, double: false, drop: false, cancelAfterDrop: false };

/** One checkout of one shopper. */
async function checkout(s, plan = draw()) {
  const items = pickItems();
  const key = `fault-${s.i}-${++s.n}-${randomBytes(4).toString('hex')}`;
  let orderNo;
  try {
    orderNo = await placeOrder(s, key, items);
  } catch (err) {
    if (err instanceof NetError) unknownKeys.push({ s, key, items });
    throw err;
  }
  if (!orderNo) return null;
  stats.ordersAcked++;
  if (plan.cancelFirst) {
    if (await cancel(s, orderNo)) stats.cancelledFirst++;
    return orderNo;
  }
  const p1 = await startPay(s, orderNo, 'wechat_native');
  if (!p1) return orderNo;
  const p2 = plan.double ? await startPay(s, orderNo, 'wechat_h5') : null;
  if (p2) stats.doubleAttempts++;
  const drop = plan.drop;
  await Promise.all([confirm(p1, drop), p2 ? confirm(p2, drop) : null]);
  if (drop && plan.cancelAfterDrop) {
    if (await cancel(s, orderNo)) stats.cancelledAfterDrop++;
    return orderNo;
  }
  const r = await call('GET', `/payments/${p1.paymentNo}`, { token: s.token, ip: s.ip });
  if (r.json?.resultCode !== 200) httpProblem('status', r);
  return orderNo;
}

async function shopperLoop(s) {
  while (!killed.done) {
    try {
      await checkout(s);
    } catch (err) {
      if (!(err instanceof NetError)) throw err;
      netError(err);
      if (killed.done) return;
      await sleep(100);
    }
  }
}

// ------------------------------------------------------------------ the books

async function openBooks() {
  if (KIND === 'postgres') {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    return { q: async (sql, params = []) => (await c.query(sql, params)).rows, close: () => c.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  return { q: async (sql, params = []) => (await db.query(sql, params)).rows, close: () => db.close() };
}

const checks = [];
function check(name, problems, detail = '') {
  checks.push({ name, ok: problems.length === 0, problems, detail });
}

async function audit(startStock) {
  const books = await openBooks();
  const { q } = books;
  try {
    const skuIds = skuPlan.map((p) => p.skuId);
    // 1. Stock: what left = what live orders hold. A cancelled order gave its stock back; so did a late
    //    payment's order (cancelled first, then refunding/refunded). Nobody refunds through the console here.
    const stock = await q(
      `select s.id, s.stock,
         coalesce(sum(oi.quantity) filter (where o.status in ('pending_payment','paid','shipped','completed')
           or (o.status in ('refunding','refunded') and o.cancelled_at is null)), 0)::int as held
       from skus s left join order_items oi on oi.sku_id = s.id left join orders o on o.id = oi.order_id
       where s.id = any($1::int[]) or s.id in (select sku_id from order_items)
       group by s.id, s.stock order by s.id`,
      [skuIds],
    );
    const stockProblems = [];
    for (const r of stock) {
      if (r.stock < 0) stockProblems.push(`sku ${r.id}: negative stock ${r.stock}`);
      const start = startStock.get(r.id);
      if (start === undefined) stockProblems.push(`sku ${r.id}: ordered but not in the plan`);
      else if (start !== r.stock + r.held) stockProblems.push(`sku ${r.id}: start ${start} ≠ now ${r.stock} + held ${r.held} (${start - r.stock - r.held} unaccounted)`);
    }
    check('stock accounted', stockProblems, stock.map((r) => `sku ${r.id}: ${startStock.get(r.id)} = ${r.stock} + ${r.held}`).join('; '));

    // 2. No order paid twice: at most one kept (unrefunded) successful payment per order, exactly one
    //    for a paid order, none for a waiting or cancelled one, and a refunding/refunded one keeps none.
    const perOrder = await q(
      `select o.order_no, o.status, o.cancelled_at is not null as was_cancelled,
         count(p.id) filter (where p.status = 'succeeded' and p.refund_no is null)::int as kept,
         count(p.id) filter (where p.status = 'succeeded')::int as succeeded,
         count(p.id) filter (where p.refund_no is not null)::int as refunds
       from orders o left join payments p on p.order_id = o.id group by o.id order by o.id`,
    );
    const twice = [];
    for (const o of perOrder) {
      if (o.kept > 1) twice.push(`${o.order_no} (${o.status}): ${o.kept} payments kept`);
      else if (['paid', 'shipped', 'completed'].includes(o.status) && o.kept !== 1) twice.push(`${o.order_no} (${o.status}): ${o.kept} payments kept, expected 1`);
      else if (['pending_payment', 'cancelled'].includes(o.status) && o.succeeded > 0) twice.push(`${o.order_no} (${o.status}): ${o.succeeded} successful payments`);
      else if (['refunding', 'refunded'].includes(o.status) && (o.kept > 0 || o.refunds === 0)) twice.push(`${o.order_no} (${o.status}): ${o.kept} kept, ${o.refunds} refunds`);
    }
    check('no order paid twice', twice);

    // 3. No payment lost: the gateway's paid trades and the shop's successful payments are the same set;
    //    every refund at the gateway is one the shop started; late payments are being refunded.
    const gatewayOnly = await q(
      `select t.out_trade_no, t.status, p.status as shop from sandbox_trades t
       left join payments p on p.payment_no = t.out_trade_no and split_part(p.channel, '_', 1) = t.provider
       where t.status in ('SUCCESS','REFUND') and (p.id is null or p.status <> 'succeeded')`,
    );
    const shopOnly = await q(
      `select p.payment_no, t.status as gateway from payments p
       left join sandbox_trades t on t.out_trade_no = p.payment_no and t.provider = split_part(p.channel, '_', 1)
       where p.status = 'succeeded' and (t.id is null or t.status not in ('SUCCESS','REFUND'))`,
    );
    // A refund the shop committed but never sent (gateway: none yet) is under way, not lost: the sweep sends it.
    const refundsOff = await q(
      `select p.payment_no, p.refund_no, p.refund_status, t.refund_no as gw_refund_no, t.refund_status as gw_refund_status
       from payments p join sandbox_trades t on t.out_trade_no = p.payment_no and t.provider = split_part(p.channel, '_', 1)
       where (t.refund_no is not null and t.refund_no is distinct from p.refund_no)
          or p.refund_status = 'failed'
          or (p.refund_status = 'succeeded' and t.refund_status is distinct from 'SUCCESS')`,
    );
    const late = await q(
      `select p.payment_no, o.order_no, o.status, p.refund_no, p.refund_status from payments p join orders o on o.id = p.order_id
       where p.status = 'succeeded' and o.cancelled_at is not null
         and (p.refund_no is null or p.refund_status not in ('succeeded','processing') or o.status not in ('refunding','refunded'))`,
    );
    const stuckRefunding = await q(
      `select o.order_no from orders o where o.status = 'refunding'
         and not exists (select 1 from payments p where p.order_id = o.id and p.refund_status = 'processing')`,
    );
    check('no payment lost', [
      ...gatewayOnly.map((r) => `paid at the gateway (${r.status}), shop says ${r.shop ?? 'nothing'}: ${r.out_trade_no}`),
      ...shopOnly.map((r) => `shop says succeeded, gateway says ${r.gateway ?? 'nothing'}: ${r.payment_no}`),
      ...refundsOff.map((r) => `refund of ${r.payment_no}: shop ${r.refund_no}/${r.refund_status}, gateway ${r.gw_refund_no}/${r.gw_refund_status}`),
      ...late.map((r) => `late payment ${r.payment_no} of ${r.order_no} (${r.status}) not refunded: ${r.refund_no}/${r.refund_status}`),
      ...stuckRefunding.map((r) => `${r.order_no} refunding with no refund under way`),
    ]);

    // 4. No payment stuck: still pending at the shop while the gateway has the money.
    const stuck = await q(
      `select p.payment_no, t.status from payments p
       join sandbox_trades t on t.out_trade_no = p.payment_no and t.provider = split_part(p.channel, '_', 1)
       where p.status = 'pending' and t.status in ('SUCCESS','REFUND')`,
    );
    check('no payment stuck', stuck.map((r) => `${r.payment_no} pending, gateway ${r.status}`));

    // 4b. Refunds settled: the ones the kill cut short were repeated by the sweep at the restart (the
    //     down time outlasts its 10 s), the later ones settled by the gateway's notification.
    const unsettled = await q(
      `select p.payment_no, p.refund_no, t.refund_status as gw from payments p
       left join sandbox_trades t on t.out_trade_no = p.payment_no and t.provider = split_part(p.channel, '_', 1)
       where p.refund_status = 'processing'`,
    );
    check('refunds settled', unsettled.map((r) => `${r.payment_no} refund ${r.refund_no} still processing (gateway ${r.gw ?? 'never asked'})`));

    // 5. Nothing a shopper was told survived only in the answer: acknowledged orders exist, acknowledged
    //    cancels hold, every payment the phone confirmed is paid at the gateway.
    const known = await q(`select order_no, status from orders where order_no = any($1::text[])`, [[...orders.keys()]]);
    const byNo = new Map(known.map((r) => [r.order_no, r.status]));
    const trades = await q(`select out_trade_no, status from sandbox_trades where out_trade_no = any($1::text[])`, [[...payments.keys()]]);
    const tradeBy = new Map(trades.map((r) => [r.out_trade_no, r.status]));
    const lostWrites = [];
    for (const [no, o] of orders) {
      const st = byNo.get(no);
      if (!st) lostWrites.push(`order ${no} acknowledged but missing`);
      else if (o.cancelAcked && !['cancelled', 'refunding', 'refunded'].includes(st)) lostWrites.push(`order ${no} cancel acknowledged, now ${st}`);
    }
    for (const [no, p] of payments) {
      if (p.confirmed && !['SUCCESS', 'REFUND'].includes(tradeBy.get(no))) lostWrites.push(`payment ${no} confirmed on the phone, gateway says ${tradeBy.get(no) ?? 'nothing'}`);
    }
    check('acknowledged writes kept', lostWrites);

    const [fig] = await q(
      `select
         (select count(*) from orders)::int as orders,
         (select count(*) from orders where status in ('paid','completed','shipped'))::int as paid,
         (select count(*) from orders where status = 'pending_payment')::int as waiting,
         (select count(*) from orders where status = 'cancelled')::int as cancelled,
         (select count(*) from orders where status = 'refunding')::int as refunding,
         (select count(*) from orders where status = 'refunded')::int as refunded,
         (select count(*) from payments)::int as payments,
         (select count(*) from payments where status = 'succeeded')::int as succeeded,
         (select count(*) from payments where status = 'pending')::int as pending,
         (select count(*) from payments where status = 'closed')::int as closed,
         (select count(*) from payments where refund_no is not null)::int as refunds,
         (select count(*) from payments where refund_status = 'processing')::int as refunds_processing,
         (select count(*) from sandbox_trades where status in ('SUCCESS','REFUND'))::int as gateway_paid,
         (select count(*) from payment_notifications)::int as notifications`,
    );
    return fig;
  } finally {
    await books.close();
  }
}

// ------------------------------------------------------------------ the run

let exitCode = 0;
try {
  if (await portAnswers()) throw new Error(`something already answers on ${BASE}: set FAULT_PORT`);
  say(`${KIND}${KIND === 'pglite' ? ` in ${dataDir}` : ` ${dbUrl.replace(/\/\/[^@]*@/, '//')}`}, build ${DIST}, log ${logFile}`);
  await startServer('first start');
  const kids = childrenOf(server.pid);
  if (kids.length) throw new Error(`server.mjs (pid ${server.pid}) has child processes ${kids.join(', ')}: killing it would not kill the server`);

  // 2. Starting stock.
  const p10909 = (await call('GET', '/products/10909')).json.data;
  const p10920 = (await call('GET', '/products/10920')).json.data;
  skuPlan = [...p10909.skus.slice(0, 2), p10920.skus[0]].map((k) => ({ skuId: k.id, stock: k.stock }));
  const startStock = new Map(skuPlan.map((k) => [k.skuId, k.stock]));
  say(`start stock: ${skuPlan.map((k) => `sku ${k.skuId}=${k.stock}`).join(', ')}`);

  // 3. Shoppers (and on PGlite, a second process asking for the data dir).
  const lockCheck =
    KIND === 'pglite'
      ? new Promise((resolve) => {
          const tsx = require.resolve('tsx/cli');
          const p = spawn(process.execPath, [tsx, 'scripts/admin-create.ts', '--phone', '13800000000'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
          let out = '';
          p.stdout.on('data', (d) => (out += d));
          p.stderr.on('data', (d) => (out += d));
          p.on('exit', (code) => resolve({ code, out, holder: server.pid }));
        })
      : null;
  const shoppers = await Promise.all(
    Array.from({ length: SHOPPERS }, async (_, i) => {
      const phone = `137${String(randomInt(0, 1e8)).padStart(8, '0')}`;
      const ip = `10.88.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      const sms = await call('POST', '/auth/sms-code', { ip, body: { phone } });
      if (sms.json?.resultCode !== 200) throw new Error(`sms-code: ${sms.status} ${sms.text.slice(0, 200)}`);
      const login = await call('POST', '/auth/login', { ip, body: { phone, code: sms.json.data.devCode } });
      if (login.json?.resultCode !== 200) throw new Error(`login: ${login.status} ${login.text.slice(0, 200)}`);
      const s = { i, phone, ip, token: login.json.data.token, n: 0 };
      const addr = await call('POST', '/addresses', {
        token: s.token,
        ip,
        body: { name: `顾客${i}`, tel: phone, province: '安徽省', city: '合肥市', county: '蜀山区', areaCode: '340104', addressDetail: `望江西路 ${800 + i} 号`, isDefault: true },
      });
      if (addr.json?.resultCode !== 200) throw new Error(`address: ${addr.status} ${addr.text.slice(0, 200)}`);
      s.addressId = addr.json.data.id;
      return s;
    }),
  );
  say(`${shoppers.length} shoppers logged in with addresses`);
  if (lockCheck) {
    const r = await lockCheck;
    const refused = r.code === 1 && /one process per data dir/.test(r.out) && r.out.includes(String(r.holder));
    check('second process refused the data dir', refused ? [] : [`admin:create exited ${r.code}: ${r.out.trim().slice(0, 400)}`], r.out.trim().split('\n').pop());
    say(`second process on the data dir: ${refused ? 'refused' : 'NOT refused'} (${r.out.trim().split('\n').pop()?.slice(0, 120)})`);
  }

  // A cold server compiles each route on its first request: one shopper walks every path once first.
  for (const plan of [NO_FAULTS, { ...NO_FAULTS, cancelFirst: true }, { ...NO_FAULTS, drop: true, cancelAfterDrop: true }, { ...NO_FAULTS, double: true, drop: true }]) {
    await checkout(shoppers[0], plan);
  }
  say('warmed up (order, pay, lost notification, cancel, late payment, double payment)');

  // 4. Load, then SIGKILL in the middle of it.
  const firstPid = server.pid;
  const confirmedBefore = stats.confirmed;
  const loadStart = Date.now();
  const loops = shoppers.map((s) => shopperLoop(s));
  await sleep(LOAD_MS);
  while (stats.confirmed - confirmedBefore < MIN_CONFIRMED && Date.now() - loadStart < 3 * LOAD_MS) await sleep(100);
  const loadMs = Date.now() - loadStart;
  const inFlightOrders = stats.ordersAcked;
  const loadFigures = { ms: loadMs, confirmed: stats.confirmed - confirmedBefore };
  server.kill('SIGKILL');
  killed.at = Date.now();
  killed.done = true;
  const how = await server.exited;
  await Promise.all(loops);
  say(`SIGKILL (${how.signal}) after ${loadMs} ms of load: ${inFlightOrders} orders acknowledged, ${stats.paymentsStarted} payments started, ${stats.confirmed} confirmed (${stats.dropped} notifications dropped)`);
  if (await portAnswers()) throw new Error('the port still answers after SIGKILL: the killed process was not the server');

  // 5. Start again on the same data, after the down time.
  if (KIND === 'pglite') {
    const holder = Number(readFileSync(path.join(dataDir, 'pglite.pid'), 'utf8').trim());
    say(`data dir survived the kill; its lock names pid ${holder} (the killed server: ${holder === firstPid})`);
    if (holder !== firstPid) check('lock held by the serving process', [`pglite.pid names ${holder}, the killed server was ${firstPid}`]);
  }
  await sleep(Math.max(0, killed.at + DOWN_MS - Date.now()));
  const logBefore = readFileSync(logFile, 'utf8').length;
  await startServer('restart after SIGKILL');
  if (KIND === 'pglite') {
    const holder = Number(readFileSync(path.join(dataDir, 'pglite.pid'), 'utf8').trim());
    check('stale lock taken over by the restarted server', holder === server.pid ? [] : [`pglite.pid names ${holder}, the server is ${server.pid}`]);
  }

  // Orders whose answer was lost in the kill: asked again with the same idempotency key.
  await pool(unknownKeys, 10, async (u) => {
    const before = orders.size;
    const no = await (async () => {
      for (let i = 0; i < 5; i++) {
        try {
          return await placeOrder(u.s, u.key, u.items);
        } catch (err) {
          if (!(err instanceof NetError)) throw err;
          await sleep(300);
        }
      }
      return null;
    })();
    if (no) {
      stats.recoveredByKey++;
      if (orders.size > before) stats.ordersAcked++;
    }
  });
  say(`restart: ${unknownKeys.length} orders with a lost answer asked again by key (${stats.recoveredByKey} answered)`);

  // Settle: every payment recorded is polled by its owner, as the pay page does after a crash, until it is
  // settled or the gateway has said it was never paid. A poll asks the gateway when the last question is
  // older than 5 s; nothing asks while the server is down, so a poll made over 5 s after the kill asked,
  // and "pending" then is the gateway's answer. Otherwise it polls again, for up to 15 s.
  const settleStart = Date.now();
  const outcome = {};
  const settled = payments.size;
  await pool([...payments.entries()], 20, async ([no, p]) => {
    let status = 'unknown';
    while (Date.now() - settleStart < 15_000) {
      const asked = Date.now();
      const r = await callRetry('GET', `/payments/${no}`, { token: p.s.token, ip: p.s.ip });
      status = r.json?.data?.status ?? `http ${r.status}`;
      if (status !== 'pending' || asked - killed.at > 5_500) break;
      await sleep(1000);
    }
    bump(outcome, status);
  });
  say(`settled ${settled} payments in ${((Date.now() - settleStart) / 1000).toFixed(1)} s: ${JSON.stringify(outcome)}`);

  // The restarted server takes new orders and payments.
  const before = stats.confirmed;
  const afterRestart = [];
  await Promise.all(shoppers.map(async (s) => {
    const no = await checkout(s, NO_FAULTS).catch((err) => (afterRestart.push(`${err.message}`), null));
    if (!no) afterRestart.push(`shopper ${s.i}: no order`);
  }));
  check('orders and payments after the restart', afterRestart.concat(stats.confirmed - before === shoppers.length ? [] : [`${stats.confirmed - before}/${shoppers.length} confirmed`]));

  say(`after the restart: ${shoppers.length - afterRestart.length}/${shoppers.length} new orders paid`);

  // Every order a shopper was told about is served by the restarted server; refunds still on their way
  // (late payments found while settling) are waited for (已退款), up to 5 s.
  const unserved = [];
  const refunding = [];
  await pool([...orders.entries()], 10, async ([no, o]) => {
    const r = await callRetry('GET', `/orders/${no}`, { token: o.s.token, ip: o.s.ip });
    if (r.json?.resultCode !== 200) unserved.push(`${no}: ${r.status} ${r.json?.message ?? ''}`);
    else if (r.json.data.status === 'refunding') refunding.push([no, o]);
  });
  check('orders served after the restart', unserved, `${orders.size} orders`);
  const refundWait = Date.now();
  while (refunding.length && Date.now() - refundWait < 5_000) {
    await sleep(500);
    for (const [i, [no, o]] of [...refunding.entries()].reverse()) {
      const r = await callRetry('GET', `/orders/${no}`, { token: o.s.token, ip: o.s.ip });
      if (r.json?.data?.status !== 'refunding') refunding.splice(i, 1);
    }
  }
  const sweepLine = readFileSync(logFile, 'utf8').slice(logBefore).split('\n').find((l) => l.includes('"msg":"payment sweep"'));
  const sweep = sweepLine ? JSON.parse(sweepLine) : { refunds: 0, closed: 0, reconciled: 0 };

  // 6. Stop, then the books.
  await stopServer('SIGTERM');
  say('server stopped; checking the books');
  const fig = await audit(startStock);

  const net = (o) => Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
  console.log('');
  console.log(`fault test on ${KIND}: ${SHOPPERS} shoppers, SIGKILL after ${loadFigures.ms} ms of load (${loadFigures.confirmed} payments confirmed under load)`);
  console.log(`  orders        ${fig.orders} (paid/completed ${fig.paid}, waiting ${fig.waiting}, cancelled ${fig.cancelled}, refunding ${fig.refunding}, refunded ${fig.refunded})`);
  console.log(`  payments      ${fig.payments} (succeeded ${fig.succeeded}, pending ${fig.pending}, closed ${fig.closed}; refunds ${fig.refunds}, still processing ${fig.refunds_processing}); gateway paid trades ${fig.gateway_paid}`);
  console.log(`  load          ${stats.confirmed} confirmed on the phone, ${stats.dropped} notifications dropped, ${stats.doubleAttempts} orders paid twice at once, ` +
    `${stats.cancelledFirst} cancelled before paying, ${stats.cancelledAfterDrop} cancelled after paying (late payments), ${stats.orderRefused} orders refused (stock)`);
  console.log(`  client errors at the kill: ${net(stats.netAtKill)}; before it: ${net(stats.netBeforeKill)}; answers lost → asked again by key: ${unknownKeys.length}`);
  if (Object.keys(stats.http).length) console.log(`  other answers: ${Object.entries(stats.http).map(([k, v]) => `${k} ×${v}`).join('; ')}`);
  console.log(`  restart       down ${(DOWN_MS / 1000).toFixed(1)} s; the sweep at start repeated ${sweep.refunds} refunds, closed ${sweep.closed} payments; ` +
    `settling polled ${settled} payments: ${Object.entries(outcome).map(([k, v]) => `${k} ${v}`).join(', ')}; notifications stored ${fig.notifications}`);
  for (const c of checks) {
    console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}${c.ok && c.detail ? `  (${c.detail})` : ''}`);
    for (const p of c.problems.slice(0, 10)) console.log(`         ${p}`);
    if (c.problems.length > 10) console.log(`         … ${c.problems.length - 10} more`);
  }
  if (Object.keys(stats.netBeforeKill).length) {
    console.log('  FAIL network errors before the kill');
    exitCode = 1;
  }
  if (checks.some((c) => !c.ok)) exitCode = 1;
} catch (err) {
  console.error(`[fault] ${err.stack ?? err.message}`);
  exitCode = 1;
} finally {
  await stopServer('SIGTERM').catch(() => {});
  try {
    await dropDatabase();
  } catch (err) {
    console.error(`[fault] could not drop the database: ${err.message}`);
  }
  if (exitCode !== 0 || KEEP) {
    const errors = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter((l) => /"level":(50|60)/.test(l)) : [];
    if (errors.length) console.log(`server errors (${errors.length}), last ones:\n${errors.slice(-8).map((l) => '  ' + l.slice(0, 400)).join('\n')}`);
    console.log(`kept ${work} (server.log${KIND === 'pglite' ? ', data' : ''})`);
  } else rmSync(work, { recursive: true, force: true });
}
console.log(exitCode === 0 ? `fault test (${KIND}) passed in ${((Date.now() - t0) / 1000).toFixed(0)} s` : `fault test (${KIND}) FAILED`);
process.exit(exitCode);
