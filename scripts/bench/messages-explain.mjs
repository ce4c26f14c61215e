/**
 * How cheap the 消息中心's reads stay on a full inbox (docs/messages.md#measured): a scratch PostgreSQL
 * database (scripts/scratch-database.mjs) migrated with drizzle/, one shopper with 10,000 messages
 * (every category, a fifth unread, over the 90 days a message is kept) among 1,000 other shoppers with
 * 100 each, then EXPLAIN (ANALYZE, BUFFERS) of the statements lib/server/modules/messages/messages.ts
 * sends: the unread counts (GET /messages/unread, the badge on every page), the first page and its
 * total (GET /messages), the first page of one category, and 全部已读. Prints the plans and a table
 * of the execution times (median of RUNS). A measurement, not a test: exit 1 only when a read does
 * not use its index.
 *
 * Run: `node scripts/bench/messages-explain.mjs`. Settings: MESSAGES_EXPLAIN_COUNT (10000),
 * MESSAGES_EXPLAIN_RUNS (20), TEST_PG_URL; MESSAGES_EXPLAIN_KEEP=1 keeps the database.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { createScratchDatabase } from '../scratch-database.mjs';

const COUNT = Number(process.env.MESSAGES_EXPLAIN_COUNT || 10_000);
const RUNS = Number(process.env.MESSAGES_EXPLAIN_RUNS || 20);
const OTHERS = 1_000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Messages for the shoppers of `users`: `perUser` each, spread over 90 days, categories in turn, ~20% unread. */
async function fill(client, userIds, perUser, tag) {
  await client.query(
    `insert into messages (user_id, kind, category, title, body, link, source_key, read_at, created_at)
     select u, k.kind, k.category, '订单已发货', '您的订单 2026112600000' || g || ' 已由顺丰速运发出，运单号 SF' || g || '，点击查看物流。',
            '/OrderDetail?orderNo=' || g, $3 || ':' || u || ':' || g,
            case when random() < 0.2 then null else now() - random() * interval '1 day' end,
            now() - random() * interval '90 days'
     from unnest($1::int[]) u, generate_series(1, $2::int) g,
          lateral (select (array['order_shipped','after_sale_approved','coupon_expiring','invoice_issued'])[1 + g % 4] as kind,
                          (array['trade','aftersale','promotion','service'])[1 + g % 4] as category) k`,
    [userIds, perUser, tag],
  );
}

const QUERIES = {
  // unreadCounts(): one statement over the partial index messages_unread_idx.
  unread: {
    sql: `select category, count(*)::int as n from messages where user_id = $1 and read_at is null group by category`,
    index: 'messages_unread_idx',
  },
  // listMessages(), no category: the page and its total.
  'first page': {
    sql: `select id, category, title, body, link, read_at, created_at from messages where user_id = $1 order by created_at desc nulls last, id desc nulls last limit 10 offset 0`,
    index: 'messages_user_time_idx',
  },
  'total (all)': { sql: `select count(*)::int from messages where user_id = $1`, index: 'messages_user' },
  'first page, one category': {
    sql: `select id, category, title, body, link, read_at, created_at from messages where user_id = $1 and category = 'promotion' order by created_at desc nulls last, id desc nulls last limit 10 offset 0`,
    index: 'messages_user_category_time_idx',
  },
  'page 50': {
    sql: `select id, category, title, body, link, read_at, created_at from messages where user_id = $1 order by created_at desc nulls last, id desc nulls last limit 10 offset 490`,
    index: 'messages_user_time_idx',
  },
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function main() {
  const scratch = await createScratchDatabase('shop_msgexplain');
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  let failed = false;
  try {
    await migrate(drizzle(client), { migrationsFolder: path.join(root, 'drizzle') });
    const t0 = performance.now();
    const { rows: users } = await client.query(
      `insert into users (phone, nickname) select '136' || lpad(g::text, 8, '0'), '消息压测' || g from generate_series(0, $1::int) g returning id`,
      [OTHERS],
    );
    const [me, ...others] = users.map((r) => r.id);
    await client.query('select setseed(0.42)');
    await fill(client, [me], COUNT, 'me');
    await fill(client, others, 100, 'other');
    // As autovacuum leaves a table that has settled: statistics and the visibility map (index-only scans).
    await client.query('vacuum analyze messages');
    const { rows: size } = await client.query(`select count(*)::int as all, count(*) filter (where user_id = $1)::int as mine, count(*) filter (where user_id = $1 and read_at is null)::int as unread from messages`, [me]);
    console.log(`filled in ${Math.round(performance.now() - t0)} ms: ${size[0].all} messages, ${size[0].mine} of one shopper, ${size[0].unread} of them unread`);

    // 全部已读 last (it changes the unread rows): timed inside a rolled-back transaction.
    const results = [];
    for (const [name, q] of Object.entries(QUERIES)) {
      const times = [];
      let plan = '';
      for (let i = 0; i < RUNS; i++) {
        const { rows } = await client.query(`explain (analyze, buffers) ${q.sql}`, [me]);
        plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        times.push(Number(/Execution Time: ([\d.]+) ms/.exec(plan)[1]));
      }
      const usesIndex = plan.includes(q.index);
      if (!usesIndex) failed = true;
      console.log(`\n--- ${name} (last of ${RUNS} runs)\n${plan}`);
      results.push({ name, median: median(times), max: Math.max(...times), usesIndex });
    }
    await client.query('begin');
    const { rows: readPlan } = await client.query(`explain (analyze, buffers) update messages set read_at = now() where user_id = $1 and read_at is null`, [me]);
    await client.query('rollback');
    const readAll = readPlan.map((r) => r['QUERY PLAN']).join('\n');
    console.log(`\n--- 全部已读 (rolled back)\n${readAll}`);
    results.push({ name: '全部已读', median: Number(/Execution Time: ([\d.]+) ms/.exec(readAll)[1]), max: NaN, usesIndex: readAll.includes('messages_unread_idx') });

    console.log(`\n${'statement'.padEnd(28)} ${'median ms'.padStart(10)} ${'max ms'.padStart(8)}  index`);
    for (const r of results) console.log(`${r.name.padEnd(28)} ${r.median.toFixed(3).padStart(10)} ${Number.isNaN(r.max) ? '       -' : r.max.toFixed(3).padStart(8)}  ${r.usesIndex ? 'yes' : 'NO'}`);
  } finally {
    await client.end();
    if (process.env.MESSAGES_EXPLAIN_KEEP === '1') console.log(`kept ${scratch.url}`);
    else await scratch.drop();
  }
  if (failed) {
    console.error('a read did not use its index');
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
