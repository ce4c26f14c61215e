#!/usr/bin/env node
/**
 * The cluster stage of `npm test` (docs/cluster.md): two instances of the production build behind nginx,
 * with Redis and a scratch PostgreSQL database (made on TEST_PG_URL, dropped at the end).
 *   1. One cache: an operator changes a price through instance A; the product page served by instance B
 *      (which had it cached) shows the new price within a second, and the front within its micro-cache time.
 *   2. Once, not twice: 40 orders run past their pay deadline while both instances sweep every
 *      SWEEP_INTERVAL_MS (500 ms): each is cancelled once (the instances' "order sweep" log lines add up
 *      to 40) and its stock comes back once.
 *   3. Metrics: /metrics never through the front; each instance's own (requests on A counted on A only,
 *      the cancelled orders of both sweeps adding up to 40).
 *   3b. Renewal reminders: four subscriptions whose terms end in 29½, 6½ and ½ days and an hour ago, while
 *      both instances sweep: each gets its one reminder (30, 7, 1 days before; lapsed) once, and a
 *      消息中心 message each, however many ticks follow.
 *   4. `npm run cluster` itself, the runner (scripts/cluster/runner-checks.mjs), on a scratch database of its
 *      own: stop and status, a second start refused, a forged X-Forwarded-For not believed through the
 *      front, nginx's limit_req and access log; ten shoppers browsing, paying and writing to 在线客服
 *      through the front while each instance and nginx's master are SIGKILLed in turn (five rounds,
 *      CLUSTER_KILL_ROUNDS) and while `npm run cluster -- reload` deploys: no failed request, nothing
 *      written twice, every process back within 15 s, every instance on the new build; `stop` closes
 *      every port.
 * The books after an instance is SIGKILLed are `scripts/fault-test.mjs --db postgres --cluster`.
 * Ports: CLUSTER_TEST_PORT (3390) for nginx, the next two for the instances; the runner's front on
 * CLUSTER_TEST_PORT + 3, its instances on the next two (and the two after them for a reload), its demo
 * gateway on CLUSTER_TEST_PORT + 8. Every shopper calls from a loopback address of its
 * own (scripts/from-address.mjs). The exit status is 1 when a check fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runnerChecks } from './cluster/runner-checks.mjs';
import { startWorkCluster } from './cluster/start.mjs';
import { fetchFrom, loopbackFor } from './from-address.mjs';
import { createScratchDatabase } from './scratch-database.mjs';
import { ROOT } from './shop-server.mjs';

process.chdir(ROOT);
const PORT = Number(process.env.CLUSTER_TEST_PORT || 3390);
const FRONT = `http://127.0.0.1:${PORT}`;
const [A, B] = [1, 2].map((i) => `http://127.0.0.1:${PORT + i}`);
const OPERATOR = '13900000390';
/** The instances' METRICS_TOKEN: Prometheus asks each on its own port (docs/metrics.md#on-the-cluster). */
const METRICS_TOKEN = 'cluster-test-metrics';
const PRODUCT = 10909;
const SWEEP_MS = 500;
/** nginx keeps a public page 5 s (scripts/cluster/nginx.mjs) on a clock that ticks in whole seconds, plus a second to render. */
const FRONT_WITHIN_MS = 7000;
const t0 = Date.now();
const say = (msg) => console.log(`[cluster-test ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)}s] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const results = [];
const check = (name, ok, detail) => results.push({ name, ok, detail });

if (!existsSync(path.join(process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'))) {
  console.error('[cluster-test] no production build: run `npm run build` first');
  process.exit(1);
}

async function api(base, method, p, { body, token, ip = '10.39.0.1' } = {}) {
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  if (token) headers.token = token;
  if (body) headers['content-type'] = 'application/json';
  const res = await fetchFrom(loopbackFor(ip), `${base}/api/v1${p}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json().catch(() => null);
  if (json?.resultCode !== 200) throw new Error(`${method} ${p} on ${base}: ${res.status} ${json?.message ?? ''}`);
  return json.data;
}

async function login(base, phone, ip) {
  const sms = await api(base, 'POST', '/auth/sms-code', { body: { phone }, ip });
  return (await api(base, 'POST', '/auth/login', { body: { phone, code: sms.devCode, agree: true }, ip })).token;
}

async function page(base, url) {
  const res = await fetch(`${base}${url}`);
  return { html: await res.text(), cache: res.headers.get('x-nextjs-cache'), front: res.headers.get('x-cache') };
}

/** Polls `base` until the page shows `text`; the milliseconds it took, or null after `limitMs`. */
async function seenWithin(base, url, text, since, limitMs) {
  while (Date.now() - since < limitMs) {
    if ((await page(base, url)).html.includes(text)) return Date.now() - since;
    await sleep(25);
  }
  return null;
}

async function priceChange(token) {
  const product = await api(A, 'GET', `/admin/products/${PRODUCT}`, { token });
  const sku = product.skus[0];
  // A price no page shows yet: ¥1,234.57 style figures appear nowhere else in the catalog.
  const priceFen = sku.priceFen === 123457 ? 123461 : 123457;
  const shown = (priceFen / 100).toFixed(2);
  for (const base of [A, B, FRONT]) await page(base, `/proc/${PRODUCT}`);
  const before = await page(B, `/proc/${PRODUCT}`);
  check(`B serves /proc/${PRODUCT} from its cache before the change`, before.cache === 'HIT' && !before.html.includes(shown), `x-nextjs-cache ${before.cache}`);
  const since = Date.now();
  await api(A, 'PUT', `/admin/skus/${sku.id}`, { token, body: { priceFen, listPriceFen: Math.max(priceFen, sku.listPriceFen), stock: sku.stock, version: sku.version } });
  const onB = await seenWithin(B, `/proc/${PRODUCT}`, shown, since, 5000);
  check('a price changed through A shows on B within 1 s', onB !== null && onB <= 1000, onB === null ? 'not within 5 s' : `${onB} ms`);
  const onFront = await seenWithin(FRONT, `/proc/${PRODUCT}`, shown, since, FRONT_WITHIN_MS + 2000);
  check(`… and through the front within its micro-cache (${FRONT_WITHIN_MS} ms)`, onFront !== null && onFront <= FRONT_WITHIN_MS, onFront === null ? 'not seen' : `${onFront} ms`);
  say(`price ${shown}: on B after ${onB} ms, through the front after ${onFront} ms`);
}

/** One sample of an instance's /metrics (0 when absent); `labels` as written there, e.g. `to="cancelled"`. */
async function sample(base, name, labels = '') {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (res.status !== 200) throw new Error(`${base}/metrics: ${res.status}`);
  const text = await res.text();
  const line = text.split('\n').find((l) => l.startsWith(labels ? `${name}{` : `${name} `) && l.includes(labels));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

/**
 * The metrics (docs/metrics.md#on-the-cluster): the front never serves /metrics, token or not, and never
 * keeps it; each instance answers with its own registry — requests made on A move A's numbers only, and
 * the overdue orders each instance's sweep cancelled add up to the 40 cancelled.
 */
async function metricsChecks(cancelledBefore) {
  for (const headers of [{}, { authorization: `Bearer ${METRICS_TOKEN}` }]) {
    const res = await fetch(`${FRONT}/metrics`, { headers });
    await res.arrayBuffer();
    check(`the front answers /metrics with 404 ${headers.authorization ? 'even with the token' : 'without a token'}, uncached`, res.status === 404 && res.headers.get('x-cache') === null, `${res.status}, x-cache ${res.headers.get('x-cache')}`);
  }
  const noToken = await fetch(`${A}/metrics`);
  await noToken.arrayBuffer();
  check('an instance answers /metrics without the token with 404', noToken.status === 404, String(noToken.status));
  const route = 'route="/api/v1/products/[id]"';
  const before = await Promise.all([A, B].map((base) => sample(base, 'shop_http_requests_total', route)));
  for (let i = 0; i < 5; i++) await api(A, 'GET', `/products/${PRODUCT}`);
  const after = await Promise.all([A, B].map((base) => sample(base, 'shop_http_requests_total', route)));
  check('5 requests on A move A\'s request counter by 5 and not B\'s', after[0] - before[0] === 5 && after[1] === before[1], `A ${before[0]} → ${after[0]}, B ${before[1]} → ${after[1]}`);
  const cancelled = await Promise.all([A, B].map((base) => sample(base, 'shop_order_transitions_total', 'to="cancelled"')));
  const moved = cancelled[0] + cancelled[1] - cancelledBefore;
  check('the instances\' counts of cancelled orders add up to the 40 their sweeps cancelled', moved === 40, `A ${cancelled[0]}, B ${cancelled[1]}, before ${cancelledBefore}`);
  say(`metrics: front 404, A ${after[0] - before[0]} product requests counted, cancelled A ${cancelled[0]} + B ${cancelled[1]}`);
}

/** The "order sweep" lines an instance logged: how many orders it cancelled in all. */
function cancelledInLog(file) {
  let n = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.includes('"msg":"order sweep"')) continue;
    try {
      n += JSON.parse(line).cancelled ?? 0;
    } catch {}
  }
  return n;
}

async function overdueSweep(db, logs) {
  const product = await api(FRONT, 'GET', `/products/${PRODUCT}`);
  const skuId = product.skus[1].id;
  const stockOf = async () => (await db.query('select stock from skus where id = $1', [skuId])).rows[0].stock;
  const start = await stockOf();
  const placed = [];
  await Promise.all([0, 1, 2, 3].map(async (i) => {
    const ip = `10.39.1.${i + 1}`;
    const token = await login(FRONT, `1370039000${i}`, ip);
    const address = await api(FRONT, 'POST', '/addresses', { token, ip, body: { name: `顾客${i}`, tel: `1370039000${i}`, province: '安徽省', city: '合肥市', county: '蜀山区', areaCode: '340104', addressDetail: `望江西路 ${900 + i} 号`, isDefault: true } });
    for (let n = 0; n < 10; n++) {
      const order = await api(FRONT, 'POST', '/orders', { token, ip, body: { items: [{ skuId, quantity: 2 }], addressId: address.id, idempotencyKey: `cluster-sweep-${i}-${n}` } });
      placed.push(order.orderNo);
    }
  }));
  check('40 orders placed, 80 units taken', placed.length === 40 && (await stockOf()) === start - 80, `stock ${start} → ${await stockOf()}`);
  const before = logs.map(cancelledInLog);
  await db.query("update orders set pay_deadline = now() - interval '1 minute' where order_no = any($1)", [placed]);
  const since = Date.now();
  let cancelled = 0;
  while (Date.now() - since < 15_000) {
    cancelled = (await db.query("select count(*)::int as n from orders where order_no = any($1) and status = 'cancelled'", [placed])).rows[0].n;
    if (cancelled === 40) break;
    await sleep(100);
  }
  await sleep(3 * SWEEP_MS); // a few more ticks on both instances: nothing more may happen
  const byInstance = logs.map((f, i) => cancelledInLog(f) - before[i]);
  const stock = await stockOf();
  check('40 overdue orders cancelled', cancelled === 40, `${cancelled} in ${Date.now() - since} ms`);
  check('each cancelled once: the instances\' sweeps cancelled 40 in all', byInstance[0] + byInstance[1] === 40, `A ${byInstance[0]}, B ${byInstance[1]}`);
  check('their stock back once', stock === start, `stock ${stock}, was ${start}`);
  say(`sweep: ${cancelled} cancelled (A ${byInstance[0]}, B ${byInstance[1]}), stock ${stock} of ${start}`);
}

/**
 * Renewal reminders across both instances' sweeps (docs/subscriptions.md#reminders). The subscriptions hang
 * on a real service order's line (a paid order would make them; only their terms matter here), their ends
 * placed so that each is due a different reminder now.
 */
async function renewalReminders(db) {
  const ip = '10.39.0.23';
  const token = await login(FRONT, '13700390888', ip);
  const mail = await api(FRONT, 'GET', '/products/10920');
  const { orderNo } = await api(FRONT, 'POST', '/orders', { token, ip, body: { items: [{ skuId: mail.skus[0].id, quantity: 1 }], idempotencyKey: 'cluster-reminders' } });
  const { rows: [line] } = await db.query('select o.id as order_id, o.user_id, i.id as item_id, i.sku_id from orders o join order_items i on i.order_id = o.id where o.order_no = $1', [orderNo]);
  const due = { '29.5 days': 'month_before', '6.5 days': 'week_before', '12 hours': 'day_before', '-1 hour': 'lapsed' };
  const ids = {};
  for (const [until, kind] of Object.entries(due)) {
    const { rows } = await db.query(
      `insert into subscriptions (user_id, product_id, sku_id, order_id, order_item_id, seats, starts_at, ends_at)
       values ($1, $2, $3, $4, $5, 1, now() - interval '300 days', now() + $6::interval) returning id`,
      [line.user_id, mail.id, line.sku_id, line.order_id, line.item_id, until],
    );
    ids[rows[0].id] = kind;
  }
  const subs = Object.keys(ids).map(Number);
  const sent = async () => (await db.query('select subscription_id, kind from subscription_reminders where subscription_id = any($1)', [subs])).rows;
  const since = Date.now();
  while ((await sent()).length < subs.length && Date.now() - since < 10_000) await sleep(100);
  await sleep(4 * SWEEP_MS); // more ticks on both instances: nothing more may be sent
  const reminders = await sent();
  const messages = (await db.query("select kind from messages where user_id = $1 and kind in ('subscription_due', 'subscription_lapsed')", [line.user_id])).rows;
  check('renewal reminders: each of the four subscriptions got the one due now, once', reminders.length === 4 && reminders.every((r) => ids[r.subscription_id] === r.kind), reminders.map((r) => r.kind).join(', '));
  check('… and one 消息中心 message each (three before the end, one lapsed)', messages.filter((m) => m.kind === 'subscription_due').length === 3 && messages.filter((m) => m.kind === 'subscription_lapsed').length === 1, messages.map((m) => m.kind).join(', '));
  say(`reminders: ${reminders.length} sent in ${Date.now() - since} ms, ${messages.length} messages`);
}

/**
 * 在线客服 on the cluster (docs/support.md#live-delivery): a shopper's stream through the front (nginx,
 * unbuffered), an operator answering on A and then on B: each answer reaches the stream within a second,
 * whichever instance holds it; logging out ends the stream.
 */
async function supportLive(operatorToken) {
  const shopperToken = await login(FRONT, '13700390777', '10.39.0.21');
  const { id } = await api(FRONT, 'POST', '/support/conversations', { body: { text: '集群测试：在吗？' }, token: shopperToken });
  const stream = await fetch(`${FRONT}/api/v1/support/conversations/${id}/stream`, { headers: { token: shopperToken } });
  // nginx acts on the instance's X-Accel-Buffering: no and does not pass it on; the answers below arriving
  // within a second are what shows the events are not held back.
  check('the support stream through the front: 200 text/event-stream', stream.status === 200 && /text\/event-stream/.test(stream.headers.get('content-type') ?? ''), `${stream.status} ${stream.headers.get('content-type')}`);
  const reader = stream.body.getReader();
  let text = '';
  const until = async (needle, ms) => {
    const deadline = Date.now() + ms;
    while (!text.includes(needle) && Date.now() < deadline) {
      const r = await Promise.race([reader.read(), sleep(Math.max(1, deadline - Date.now())).then(() => null)]);
      if (!r || r.done) break;
      text += new TextDecoder().decode(r.value);
    }
    return text.includes(needle);
  };
  await until('集群测试：在吗？', 5000);
  for (const [name, base] of [['A', A], ['B', B]]) {
    const answer = `客服在 ${name} 上回复 ${Date.now()}`;
    const since = Date.now();
    await api(base, 'POST', `/admin/support/conversations/${id}/messages`, { body: { text: answer }, token: operatorToken, ip: '10.39.0.9' });
    const seen = await until(answer, 1000);
    check(`an answer given on ${name} reaches the shopper's stream through the front within 1 s`, seen, seen ? `${Date.now() - since} ms` : 'not within 1 s');
  }
  await api(FRONT, 'POST', '/auth/logout', { body: {}, token: shopperToken, ip: '10.39.0.21' });
  const ended = await until('event: end', 8000);
  check("logging out ends the shopper's stream", ended, ended ? 'event: end' : 'still open after 8 s');
  await reader.cancel().catch(() => {});
}

const work = mkdtempSync(path.join(tmpdir(), 'shop-cluster-'));
let scratch = null;
let cluster = null;
let failed = false;
try {
  scratch = await createScratchDatabase('shop_cluster');
  // The shared DATA_DIR of the cluster (startWorkCluster), where admin:create finds the same secrets.
  const env = { ...process.env, DATABASE_URL: scratch.url, DATA_DIR: path.join(work, 'data'), SWEEP_INTERVAL_MS: String(SWEEP_MS), METRICS_TOKEN };
  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
  const made = spawnSync(process.execPath, [tsxCli, '--conditions=react-server', 'scripts/admin-create.ts', '--phone', OPERATOR], { env, stdio: 'ignore' });
  if (made.status !== 0) throw new Error('admin:create failed');
  const logs = [PORT + 1, PORT + 2].map((p) => path.join(work, `instance-${p}.log`));
  cluster = await startWorkCluster({ work, port: PORT, databaseUrl: scratch.url, siteUrl: FRONT, env, say });
  const db = new pg.Client({ connectionString: scratch.url });
  await db.connect();
  try {
    const operatorToken = await login(A, OPERATOR, '10.39.0.9');
    await priceChange(operatorToken);
    await supportLive(operatorToken);
    const cancelledBefore = (await sample(A, 'shop_order_transitions_total', 'to="cancelled"')) + (await sample(B, 'shop_order_transitions_total', 'to="cancelled"'));
    await overdueSweep(db, logs);
    await metricsChecks(cancelledBefore);
    await renewalReminders(db);
  } finally {
    await db.end();
  }
  await cluster.stop();
  await runnerChecks({ port: PORT + 3, work, say, check });
} catch (err) {
  console.error(`[cluster-test] ${err.stack ?? err.message}`);
  failed = true;
} finally {
  await cluster?.stop();
  await scratch?.drop().catch((err) => console.error(`[cluster-test] could not drop the database: ${err.message}`));
}
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name}${r.detail ? `  (${r.detail})` : ''}`);
failed ||= results.some((r) => !r.ok) || results.length === 0;
if (failed) console.log(`kept ${work} (instance logs, nginx.log)`);
else rmSync(work, { recursive: true, force: true });
console.log(failed ? 'cluster test FAILED' : `cluster test passed in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
