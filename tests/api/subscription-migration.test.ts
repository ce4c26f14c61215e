/**
 * The migration that turned activation codes into subscriptions (drizzle/0021_subscriptions.sql,
 * docs/subscriptions.md#from-codes-to-subscriptions), on PostgreSQL: a scratch database migrated to 0020,
 * codes written as the shop wrote them before (each with its own end), then 0021. A per-seat line is one
 * subscription from its first activation to its latest end with its live seats, any other code one of its
 * own, a line whose every code was refunded 已退款. The scratch database is dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DAY_MS } from '@/lib/domain/shop-time';

const DRIZZLE = path.join(process.cwd(), 'drizzle');
const journal = JSON.parse(readFileSync(path.join(DRIZZLE, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };

/** The statements of one migration file, as drizzle's migrator splits them. */
function statements(idx: number): string[] {
  const entry = journal.entries.find((e) => e.idx === idx);
  if (!entry) throw new Error(`no migration ${idx} in the journal`);
  return readFileSync(path.join(DRIZZLE, `${entry.tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}

async function apply(client: pg.Client, idx: number): Promise<void> {
  await client.query('BEGIN');
  for (const s of statements(idx)) await client.query(s);
  await client.query('COMMIT');
}

const at = (iso: string) => new Date(iso);
const plusYear = (d: Date) => new Date(d.getTime() + 365 * DAY_MS);

type Sub = { id: number; user_id: number; product_id: number; sku_id: number; order_id: number; order_item_id: number; seats: number; starts_at: Date | null; ends_at: Date | null; refunded_at: Date | null };

describe.skipIf(process.env.TEST_DB === 'pglite')('0021_subscriptions on codes sold before it (PostgreSQL)', () => {
  const name = `shop_mig_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let db: pg.Client;
  const ids = { user: 0, order: 0, seatLine: 0, personalLine: 0, refundedLine: 0, skuE: 0, skuP: 0, skuDing: 0, mail: 0, ding: 0 };
  const t1 = at('2025-03-01T02:00:00Z');
  const t2 = at('2025-05-10T09:30:00Z');
  const t4 = at('2025-04-02T12:00:00Z');
  const refundedEarly = at('2025-02-20T08:00:00Z');
  const refundedLate = at('2025-02-21T08:00:00Z');

  beforeAll(async () => {
    const adminUrl = inject('pgAdminUrl');
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    for (let i = 0; i <= 20; i++) await apply(db, i);

    const one = async (sql: string, params: unknown[]) => (await db.query<{ id: number }>(`${sql} RETURNING id`, params)).rows[0].id;
    ids.user = await one(`INSERT INTO users (phone) VALUES ('13900000021')`, []);
    const cat = await one(`INSERT INTO categories (slug, name) VALUES ('svc', '服务')`, []);
    const product = (id: number, slug: string, pname: string) =>
      db.query(`INSERT INTO products (id, category_id, slug, name, kind, seo_title, seo_description, seo_keywords) VALUES ($1, $2, $3, $4, 'service', $4, $4, $4)`, [id, cat, slug, pname]);
    ids.mail = 10;
    ids.ding = 20;
    await product(ids.mail, 'mail', '量子邮箱');
    await product(ids.ding, 'ding', '量子钉');
    const sku = (productId: number, code: string, skuName: string, fen: number) =>
      one(`INSERT INTO skus (product_id, code, name, price_fen, list_price_fen, stock) VALUES ($1, $2, $3, $4, $4, 100)`, [productId, code, skuName, fen]);
    ids.skuE = await sku(ids.mail, 'MAIL-E-1Y', '企业版 · 每账号 1 年', 36_000);
    ids.skuP = await sku(ids.mail, 'MAIL-P-1Y', '个人版 · 1 年', 19_800);
    ids.skuDing = await sku(ids.ding, 'DING-E-1Y', '企业版 · 每人 1 年', 19_800);
    ids.order = await one(
      `INSERT INTO orders (order_no, user_id, status, kind, items_total_fen, total_fen, idempotency_key, pay_deadline, paid_at, completed_at, created_at)
       VALUES ('20250201000000000001', $1, 'completed', 'service', 187200, 187200, 'mig-1', $2, $2, $2, $2)`,
      [ids.user, at('2025-02-01T00:00:00Z')],
    );
    const line = (productId: number, skuId: number, pname: string, skuName: string, fen: number, qty: number) =>
      one(
        `INSERT INTO order_items (order_id, product_id, sku_id, product_name, sku_name, kind, price_fen, quantity, paid_fen) VALUES ($1, $2, $3, $4, $5, 'service', $6, $7, $8)`,
        [ids.order, productId, skuId, pname, skuName, fen, qty, fen * qty],
      );
    ids.seatLine = await line(ids.mail, ids.skuE, '量子邮箱', '企业版 · 每账号 1 年', 36_000, 3);
    ids.personalLine = await line(ids.mail, ids.skuP, '量子邮箱', '个人版 · 1 年', 19_800, 2);
    ids.refundedLine = await line(ids.ding, ids.skuDing, '量子钉', '企业版 · 每人 1 年', 19_800, 2);
    const code = (item: number, productId: number, c: string, activated: Date | null, revoked: Date | null) =>
      db.query(`INSERT INTO licenses (order_id, order_item_id, user_id, product_id, code, activated_at, valid_until, revoked_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
        ids.order,
        item,
        ids.user,
        productId,
        c,
        activated,
        activated ? plusYear(activated) : null,
        revoked,
      ]);
    // A per-seat line of 3: two activated on different days (each then ran a year from its own day), one refunded.
    await code(ids.seatLine, ids.mail, 'SEAT-AAAA-0001', t1, null);
    await code(ids.seatLine, ids.mail, 'SEAT-AAAA-0002', t2, null);
    await code(ids.seatLine, ids.mail, 'SEAT-AAAA-0003', null, refundedEarly);
    // A 个人版 line of 2: one activated, one not.
    await code(ids.personalLine, ids.mail, 'PERS-AAAA-0001', t4, null);
    await code(ids.personalLine, ids.mail, 'PERS-AAAA-0002', null, null);
    // A per-seat line refunded whole.
    await code(ids.refundedLine, ids.ding, 'DING-AAAA-0001', null, refundedEarly);
    await code(ids.refundedLine, ids.ding, 'DING-AAAA-0002', null, refundedLate);

    await apply(db, 21);
  }, 120_000);

  afterAll(async () => {
    await db?.end().catch(() => {});
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  const subs = async () => (await db.query<Sub>('SELECT * FROM subscriptions ORDER BY id')).rows;
  const subOfCode = async (code: string) => (await db.query<{ subscription_id: number }>('SELECT subscription_id FROM licenses WHERE code = $1', [code])).rows[0].subscription_id;

  it('makes one subscription per per-seat line and one per other code: four in all, each for its order, line, edition and buyer', async () => {
    const all = await subs();
    expect(all).toHaveLength(4);
    for (const s of all) expect(s).toMatchObject({ user_id: ids.user, order_id: ids.order });
    expect(all.map((s) => [s.order_item_id, s.sku_id, s.product_id])).toEqual([
      [ids.seatLine, ids.skuE, ids.mail],
      [ids.personalLine, ids.skuP, ids.mail],
      [ids.personalLine, ids.skuP, ids.mail],
      [ids.refundedLine, ids.skuDing, ids.ding],
    ]);
  });

  it('the per-seat line: its live seats, from its first activation to the latest end of its codes, every code a seat of it', async () => {
    const id = await subOfCode('SEAT-AAAA-0001');
    expect(await subOfCode('SEAT-AAAA-0002')).toBe(id);
    expect(await subOfCode('SEAT-AAAA-0003')).toBe(id);
    const s = (await subs()).find((x) => x.id === id)!;
    expect(s).toMatchObject({ seats: 2, starts_at: t1, ends_at: plusYear(t2), refunded_at: null });
  });

  it('each 个人版 code is a subscription of its own: the activated one keeps its dates, the other is 未激活', async () => {
    const used = await subOfCode('PERS-AAAA-0001');
    const unused = await subOfCode('PERS-AAAA-0002');
    expect(used).not.toBe(unused);
    const all = await subs();
    expect(all.find((x) => x.id === used)).toMatchObject({ seats: 1, starts_at: t4, ends_at: plusYear(t4), refunded_at: null });
    expect(all.find((x) => x.id === unused)).toMatchObject({ seats: 1, starts_at: null, ends_at: null, refunded_at: null });
  });

  it('a per-seat line whose every code was refunded is one subscription, 已退款 at its last refund', async () => {
    const id = await subOfCode('DING-AAAA-0001');
    expect(await subOfCode('DING-AAAA-0002')).toBe(id);
    expect((await subs()).find((x) => x.id === id)).toMatchObject({ seats: 1, starts_at: null, ends_at: null, refunded_at: refundedLate });
  });

  it('leaves every code with its subscription, the codes without their own end, and one 开通 event each', async () => {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM licenses WHERE subscription_id IS NULL');
    expect(rows[0].n).toBe(0);
    const cols = await db.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'licenses' AND column_name = 'valid_until'`);
    expect(cols.rows).toEqual([]);
    const events = await db.query<{ subscription_id: number; kind: string; order_id: number; to_ends_at: Date | null; seats: number }>(
      'SELECT subscription_id, kind, order_id, to_ends_at, seats FROM subscription_events ORDER BY subscription_id',
    );
    const all = await subs();
    expect(events.rows).toEqual(all.map((s) => ({ subscription_id: s.id, kind: 'migrated', order_id: ids.order, to_ends_at: s.ends_at, seats: s.seats })));
  });
});
