/**
 * How fast the console's 数据 answers on a grown shop (docs/stats.md#load): a scratch PostgreSQL
 * database (scripts/scratch-database.mjs), the production server on it (build first:
 * `NEXT_DIST_DIR=.next-x npx next build`, then `NEXT_DIST_DIR=.next-x node scripts/stats-load.mjs`),
 * 100,000 orders of 5,000 shoppers over the last 120 Beijing days (one line each; most paid, some refunded,
 * some with after-sales requests) written straight into the tables, then GET /api/v1/admin/stats for the last
 * 30 days by day, timed over HTTP as an operator's browser asks it. Prints the timings and checks
 * the answer against sums taken straight from the tables. A measurement, not a test: exit 1 only when
 * the answer disagrees with the tables or the median is over the target.
 *
 * Settings: STATS_LOAD_ORDERS (100000), STATS_LOAD_PORT (3551), STATS_LOAD_RUNS (30), TEST_PG_URL;
 * STATS_LOAD_WITHOUT_INDEXES=1 drops the indexes of drizzle/0012_stats_indexes.sql first, to see what they are worth;
 * STATS_LOAD_KEEP=1 keeps the database.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createScratchDatabase } from './scratch-database.mjs';
import { startShop, waitForHealth } from './shop-server.mjs';

const ORDERS = Number(process.env.STATS_LOAD_ORDERS || 100_000);
const PORT = Number(process.env.STATS_LOAD_PORT || 3551);
const RUNS = Number(process.env.STATS_LOAD_RUNS || 30);
const DAYS = 120;
const TARGET_MS = 300;
const base = `http://127.0.0.1:${PORT}`;

const shopDay = (at = new Date()) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const addDays = (day, n) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const ms = (t) => Math.round(t * 10) / 10;
const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((xs.length - 1) * p))];

/** The rows: shoppers, orders (created over DAYS days, ~85% paid within 25 minutes), one line each, a payment per paid order, refunds of ~6% of them, after-sales requests on ~3%. */
async function fill(client) {
  const t0 = performance.now();
  await client.query(`insert into users (phone, nickname) select '139' || lpad(g::text, 8, '0'), '压测用户' || g from generate_series(1, 5000) g`);
  await client.query('select setseed(0.42)');
  await client.query(
    `insert into orders (order_no, user_id, status, kind, items_total_fen, shipping_fen, discount_fen, total_fen, idempotency_key, pay_deadline, paid_at, created_at, updated_at)
     select 'L' || lpad(g::text, 19, '0'), u.id, case when paid then 'completed' else 'cancelled' end, 'device', items, 0, least(disc, items - 1), items - least(disc, items - 1), 'load-' || g,
            created + interval '30 minutes', case when paid then created + (random() * interval '25 minutes') end, created, created
     from (
       select g, (select min(id) from users where phone like '139%') + floor(random() * 5000)::int as uid,
              now() - random() * interval '${DAYS} days' as created, random() < 0.85 as paid,
              (100 + floor(random() * 300000))::int as items, case when random() < 0.3 then (floor(random() * 100) * 100)::int else 0 end as disc
       from generate_series(1, $1::int) g
     ) x join users u on u.id = x.uid`,
    [ORDERS],
  );
  await client.query(
    `insert into order_items (order_id, product_id, sku_id, product_name, sku_name, kind, price_fen, quantity, paid_fen, discount_fen)
     select o.id, o.pid, o.pid, '压测商品 ' || o.pid, '标准版', 'device', o.items_total_fen, 1, o.total_fen, o.discount_fen
     from (select o.*, 1 + floor(random() * 40)::int as pid from orders o where o.order_no like 'L%') o`,
  );
  await client.query(
    `insert into payments (payment_no, order_id, channel, amount_fen, status, expires_at, paid_at, created_at, updated_at)
     select 'LP' || o.id, o.id, case when random() < 0.6 then 'wechat_native' else 'alipay_page' end, o.total_fen, 'succeeded', o.pay_deadline, o.paid_at, o.created_at, o.paid_at
     from orders o where o.order_no like 'L%' and o.paid_at is not null`,
  );
  await client.query(
    `insert into refunds (refund_no, payment_id, order_id, amount_fen, reason, status, refunded_at, created_at, updated_at)
     select 'LR' || p.id, p.id, p.order_id, greatest(1, (p.amount_fen * (0.2 + random() * 0.8))::int), '压测退款', 'succeeded', t, t, t
     from (select p.*, least(now(), p.paid_at + random() * interval '10 days') as t from payments p where p.payment_no like 'LP%' and random() < 0.06 and p.amount_fen > 0) p`,
  );
  await client.query(
    `insert into after_sales (after_sale_no, order_id, user_id, type, status, reason, created_at, updated_at)
     select '8' || lpad(o.id::text, 19, '0'), o.id, o.user_id, (array['refund_only','return_refund','exchange'])[1 + floor(random() * 3)::int], 'rejected',
            (array['no_longer_needed','seven_days','quality','not_as_described','wrong_item','damaged','not_received'])[1 + floor(random() * 7)::int], t, t
     from (select o.*, least(now(), o.paid_at + random() * interval '7 days') as t from orders o where o.order_no like 'L%' and o.paid_at is not null and random() < 0.03) o`,
  );
  await client.query('vacuum analyze');
  const counts = (await client.query(`select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as items, (select count(*) from payments)::int as payments, (select count(*) from refunds)::int as refunds, (select count(*) from after_sales)::int as after_sales`)).rows[0];
  console.log(`rows written in ${ms((performance.now() - t0) / 1000)} s:`, counts);
}

/** An operator with a session of its own (the token's sha256 is what the sessions table keeps). */
async function operatorToken(client) {
  const token = randomBytes(32).toString('base64url');
  const [{ id }] = (await client.query(`insert into users (phone, role, nickname) values ('13800000000', 'operator', '压测运营') returning id`)).rows;
  await client.query(`insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`, [id, createHash('sha256').update(token).digest('hex')]);
  return token;
}

async function timed(url, token) {
  const t = performance.now();
  const res = await fetch(url, { headers: { token, 'x-requested-with': 'XMLHttpRequest' } });
  const body = await res.json();
  return { ms: performance.now() - t, status: res.status, body };
}

async function measure(label, query, token) {
  const url = `${base}/api/v1/admin/stats?${new URLSearchParams(query)}`;
  for (let i = 0; i < 3; i++) await timed(url, token); // warm: JIT, the plan cache, the buffer cache
  const times = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    last = await timed(url, token);
    if (last.status !== 200) throw new Error(`${label}: HTTP ${last.status} ${JSON.stringify(last.body).slice(0, 200)}`);
    times.push(last.ms);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(34)} median ${ms(pct(times, 0.5))} ms  p95 ${ms(pct(times, 0.95))} ms  max ${ms(times.at(-1))} ms  (${RUNS} runs)`);
  return { median: pct(times, 0.5), data: last.body.data };
}

async function main() {
  const db = await createScratchDatabase('stats_load');
  console.log(`scratch database: ${db.url}`);
  const env = { ...process.env, DATABASE_URL: db.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'stats-load-')), SHOP_MODE: 'demo', NODE_ENV: 'production', PORT: String(PORT) };
  const server = startShop({ port: PORT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  let failed = false;
  const client = new pg.Client({ connectionString: db.url });
  try {
    await waitForHealth(base, server);
    await client.connect();
    await fill(client);
    const token = await operatorToken(client);
    if (process.env.STATS_LOAD_WITHOUT_INDEXES) {
      await client.query('drop index orders_created_idx, orders_paid_stats_idx, refunds_refunded_stats_idx, after_sales_created_idx');
      await client.query('analyze');
      console.log('without the indexes of drizzle/0012_stats_indexes.sql');
    }
    const to = shopDay();
    const from = addDays(to, -29);
    const main30 = await measure('30 days by day', { from, to, granularity: 'day' }, token);
    await measure('30 days by week', { from, to, granularity: 'week' }, token);
    await measure('120 days by day', { from: addDays(to, -119), to, granularity: 'day' }, token);
    await measure('366 days by month', { from: addDays(to, -365), to, granularity: 'month' }, token);

    // The answer agrees with the tables.
    const start = `${from}T00:00:00+08:00`;
    const end = new Date(Date.parse(`${to}T00:00:00+08:00`) + 86_400_000).toISOString();
    const [want] = (
      await client.query(
        `select (select count(*) from orders where paid_at >= $1 and paid_at < $2)::int as "ordersPaid",
                (select coalesce(sum(total_fen), 0) from orders where paid_at >= $1 and paid_at < $2)::bigint as "paidFen",
                (select coalesce(sum(r.amount_fen), 0) from refunds r join orders o on o.id = r.order_id where r.status = 'succeeded' and o.paid_at is not null and r.refunded_at >= $1 and r.refunded_at < $2)::bigint as "refundedFen",
                (select count(*) from orders where created_at >= $1 and created_at < $2)::int as "ordersPlaced"`,
        [start, end],
      )
    ).rows;
    const got = main30.data.totals;
    const agree = ['ordersPaid', 'paidFen', 'refundedFen', 'ordersPlaced'].every((k) => Number(want[k]) === got[k]);
    console.log(`totals of the 30 days: ${JSON.stringify(got)}; the tables say ${JSON.stringify(Object.fromEntries(Object.entries(want).map(([k, v]) => [k, Number(v)])))}: ${agree ? 'agree' : 'DISAGREE'}`);
    if (!agree) failed = true;
    if (main30.median > TARGET_MS) {
      console.log(`30 days by day: median over the ${TARGET_MS} ms target`);
      failed = true;
    }
  } finally {
    await client.end().catch(() => {});
    server.kill('SIGTERM');
    await server.exited;
    if (process.env.STATS_LOAD_KEEP) console.log(`kept ${db.url}`);
    else await db.drop();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
