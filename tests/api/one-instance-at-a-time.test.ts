/**
 * Work that several instances of the shop on one PostgreSQL database must do once, not N times
 * (docs/cluster.md#once): migrations and the seed queue behind one advisory lock, a sweep tick runs on
 * the instance that takes the lock and the others skip it. A second handle on the same database stands
 * for the second instance. PGlite is one process per data directory: there the work simply runs.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sweepOnce } from '@/lib/server/bootstrap';
import { getDb, getDbHandle, openDb, type DbHandle } from '@/lib/server/db/client';
import { migrateDb } from '@/lib/server/db/migrate';
import { orders, products } from '@/lib/server/db/schema';
import { seedDb } from '@/lib/server/db/seed';
import { sweepOrders } from '@/lib/server/flows/order-sweep';
import { expire, idemKey, loginMany, addAddress, call, makeSku, req, stockOf } from './session';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import type { Order } from '@/lib/server/views/orders-detail';

const onPostgres = process.env.TEST_DB === 'postgres';

/** The rows of a raw query (its result's shape is the driver's). */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await (await getDb()).execute(query)) as unknown as { rows: T[] }).rows;
}

/** Another instance: its own pool on this file's database. */
async function secondInstance(): Promise<DbHandle> {
  const [{ name }] = await rows<{ name: string }>(sql`select current_database() as name`);
  const url = new URL(process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/test');
  url.pathname = `/${name}`;
  return openDb({ url: url.toString() });
}

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
};

describe.skipIf(!onPostgres)('one instance at a time (PostgreSQL)', () => {
  it('while one instance holds a lock the other skips (sweep) or waits its turn (setup), and gets it once released', async () => {
    const a = await getDbHandle();
    const b = await secondInstance();
    try {
      const held = gate();
      const events: string[] = [];
      const holding = a.exclusive(
        'sweep',
        async () => {
          events.push('a runs');
          await held.opened;
          events.push('a done');
          return 'a';
        },
        { wait: false },
      );
      await new Promise((r) => setTimeout(r, 50));
      expect(await b.exclusive('sweep', async () => 'b', { wait: false })).toBeUndefined();
      expect(await sweepOnce()).toBe(false); // this process's own tick, on another connection, skips too

      const setupHeld = gate();
      const setupA = a.exclusive('setup', () => setupHeld.opened.then(() => events.push('a setup')), { wait: true });
      await new Promise((r) => setTimeout(r, 50));
      const setupB = b.exclusive('setup', async () => events.push('b setup'), { wait: true });
      await new Promise((r) => setTimeout(r, 100));
      expect(events).toEqual(['a runs']); // b queues behind a's setup
      setupHeld.open();
      await Promise.all([setupA, setupB]);
      expect(events).toEqual(['a runs', 'a setup', 'b setup']);

      held.open();
      expect(await holding).toBe('a');
      expect(await b.exclusive('sweep', async () => 'b', { wait: false })).toBe('b');
      expect(await sweepOnce()).toBe(true);
    } finally {
      await b.close();
    }
  });

  it('two instances migrating and seeding at once: both start, nothing is applied or inserted twice', async () => {
    const a = await getDbHandle();
    const b = await secondInstance();
    try {
      const db = await getDb();
      const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(products))[0].n;
      const before = await count();
      await Promise.all([a, b, a, b].map((h) => h.exclusive('setup', async () => (await migrateDb(h), seedDb(h.db)), { wait: true })));
      expect(await count()).toBe(before);
      const [applied] = await rows<{ n: number; uniq: number }>(sql`select count(*)::int as n, count(distinct hash)::int as uniq from drizzle.__drizzle_migrations`);
      expect(applied.n).toBe(applied.uniq);
    } finally {
      await b.close();
    }
  });

  it('40 overdue orders, both instances sweeping at once: each cancelled once, its stock back once', async () => {
    const b = await secondInstance();
    try {
      const sku = await makeSku({ stock: 200 });
      const users = await loginMany(4);
      const placed: string[] = [];
      for (const u of users) {
        const { id: addressId } = await addAddress(u.token);
        for (let i = 0; i < 10; i++) {
          const res = await call<Order>(ordersPost, req('POST', '/orders', { items: [{ skuId: sku.skuId, quantity: 2 }], addressId, idempotencyKey: idemKey() }, { token: u.token }));
          expect(res.body.resultCode, res.body.message).toBe(200);
          placed.push(res.body.data!.orderNo);
        }
      }
      expect(await stockOf(sku.skuId)).toBe(120);
      for (const no of placed) await expire(no);
      // This process's tick and the other instance's, each twice, all at once.
      const other = () => b.exclusive('sweep', () => sweepOrders(), { wait: false });
      const ran = await Promise.all([sweepOnce(), other(), sweepOnce(), other()]);
      expect(ran.filter((r) => r !== false && r !== undefined).length).toBeGreaterThanOrEqual(1);
      const db = await getDb();
      const rows = await db.select({ status: orders.status, cancelledAt: orders.cancelledAt }).from(orders).where(inArray(orders.orderNo, placed));
      expect(rows.filter((r) => r.status === 'cancelled')).toHaveLength(40);
      expect(await stockOf(sku.skuId)).toBe(200);
      // Sweeping again finds nothing to do.
      await Promise.all([sweepOnce(), other()]);
      expect(await stockOf(sku.skuId)).toBe(200);
      expect((await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.status, 'cancelled'))).at(0)!.n).toBeGreaterThanOrEqual(40);
    } finally {
      await b.close();
    }
  });
});

describe.skipIf(onPostgres)('one instance at a time (PGlite)', () => {
  it('one process per data directory: the work simply runs, and a sweep tick sweeps', async () => {
    const h = await getDbHandle();
    expect(await h.exclusive('sweep', async () => 'ran', { wait: false })).toBe('ran');
    expect(await sweepOnce()).toBe(true);
  });
});
