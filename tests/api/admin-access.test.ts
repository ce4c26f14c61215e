/**
 * Every /api/v1/admin handler refuses a shopper (403 没有权限) and an anonymous caller
 * (416, HTTP 401). The handlers are found on disk, so a new endpoint is covered the day it lands.
 */
import { describe, expect, it } from 'vitest';
import { GET as dashboardGet } from '@/app/api/v1/admin/dashboard/route';
import { getDb } from '@/lib/server/db/client';
import { makeOperator } from '@/lib/server/modules/accounts';
import { auditRows, loginOperator } from './admin-session';
import { apiHandlers, fillPattern } from './route-tree';
import { call, loginNew, makeSku, ok, req, type Handler } from './session';
import { DB_INT_MAX } from '@/lib/domain/money';
import { LOW_STOCK_LISTED, LOW_STOCK_THRESHOLD } from '@/lib/domain/catalog-rules';
import { ORDER_TOTAL_MAX_FEN } from '@/lib/domain/order-rules';
import { orders } from '@/lib/server/db/schema';
import { params } from './helpers';

/** A value of each dynamic segment that passes the format checks (so the gate, not a 404, answers). */
const SEGMENT_VALUE: Record<string, string> = { orderNo: '20250101120000123456', id: '1', afterSaleNo: '20250101120000654321', chargeId: '1' };

type Endpoint = { method: string; urlPath: string; handler: Handler; params: Record<string, string> };

async function endpoints(): Promise<Endpoint[]> {
  return (await apiHandlers('admin')).map((r) => {
    for (const s of r.segments) expect(SEGMENT_VALUE[s], `a test value for the segment [${s}]`).toBeDefined();
    const params = Object.fromEntries(r.segments.map((s) => [s, SEGMENT_VALUE[s]]));
    return { method: r.method, urlPath: fillPattern(r.pattern, params), handler: r.handler, params };
  });
}


describe('every /api/v1/admin handler', () => {
  it('is found on disk (the known ones at least)', async () => {
    const names = (await endpoints()).map((e) => `${e.method} ${e.urlPath}`);
    for (const known of [
      'GET /admin/dashboard',
      'GET /admin/orders',
      'GET /admin/orders/export',
      'GET /admin/orders/20250101120000123456',
      'POST /admin/orders/20250101120000123456/ship',
      'POST /admin/orders/20250101120000123456/cancel',
      'GET /admin/products',
      'PUT /admin/products/1',
      'PUT /admin/skus/1',
      'GET /admin/leads',
      'GET /admin/audit',
      'POST /admin/orders/20250101120000123456/refund',
      'GET /admin/invoices',
      'POST /admin/invoices/1/issue',
      'POST /admin/invoices/1/reject',
      'POST /admin/invoices/1/reversal',
      'GET /admin/aftersales',
      'GET /admin/aftersales/20250101120000654321',
      'POST /admin/aftersales/20250101120000654321/approve',
      'POST /admin/aftersales/20250101120000654321/reject',
      'POST /admin/aftersales/20250101120000654321/receive',
      'POST /admin/aftersales/20250101120000654321/reship',
      'POST /admin/aftersales/20250101120000654321/refund',
      'GET /admin/reviews',
      'GET /admin/reviews/1',
      'POST /admin/reviews/1/hide',
      'POST /admin/reviews/1/show',
      'POST /admin/reviews/1/reply',
    ]) {
      expect(names).toContain(known);
    }
  });

  it('answers a shopper 403 「没有权限」, whatever the body', async () => {
    const shopper = await loginNew();
    for (const e of await endpoints()) {
      const body = e.method === 'GET' ? undefined : { carrier: '顺丰速运', trackingNo: 'SF1234567890' };
      const { res, body: env } = await call(e.handler, req(e.method, e.urlPath, body, { token: shopper.token }), params(e.params));
      expect(env.resultCode, `${e.method} ${e.urlPath}`).toBe(403);
      expect(res.status).toBe(403);
      expect(env.message).toBe('没有权限');
      expect(env.data ?? null).toBeNull();
    }
  });

  it('answers an anonymous caller 416 (HTTP 401), with or without a stale token', async () => {
    for (const e of await endpoints()) {
      const body = e.method === 'GET' ? undefined : {};
      for (const token of [undefined, 'not-a-session-token']) {
        const { res, body: env } = await call(e.handler, req(e.method, e.urlPath, body, { token }), params(e.params));
        expect(env.resultCode, `${e.method} ${e.urlPath}`).toBe(416);
        expect(res.status).toBe(401);
      }
    }
  });

  it('lets an operator in, and a promoted shopper at once with the token it has', async () => {
    const op = await loginOperator();
    const data = await ok<{ ordersToday: number }>(dashboardGet, req('GET', '/admin/dashboard', undefined, { token: op.token }));
    expect(typeof data.ordersToday).toBe('number');

    const shopper = await loginNew();
    const before = await call(dashboardGet, req('GET', '/admin/dashboard', undefined, { token: shopper.token }));
    expect(before.body.resultCode).toBe(403);
    await makeOperator(await getDb(), shopper.phone);
    await ok(dashboardGet, req('GET', '/admin/dashboard', undefined, { token: shopper.token }));
  });
});

describe('GET /admin/dashboard low stock', () => {
  it('counts every low-stock device SKU on sale, and lists the fewest in stock first, at most LOW_STOCK_LISTED', async () => {
    const op = await loginOperator();
    type Dash = { lowStockCount: number; lowStock: { skuId: number; stock: number }[] };
    const before = await ok<Dash>(dashboardGet, req('GET', '/admin/dashboard', undefined, { token: op.token }));
    const made = [];
    for (let i = 0; i < LOW_STOCK_LISTED + 1; i++) made.push(await makeSku({ stock: 0 }));
    await makeSku({ stock: LOW_STOCK_THRESHOLD + 1 }); // not low
    await makeSku({ kind: 'service', stock: 0 }); // services have no stock to run out of
    const after = await ok<Dash>(dashboardGet, req('GET', '/admin/dashboard', undefined, { token: op.token }));
    expect(after.lowStockCount).toBe(before.lowStockCount + LOW_STOCK_LISTED + 1);
    expect(after.lowStock).toHaveLength(LOW_STOCK_LISTED);
    expect(after.lowStock.every((s) => s.stock === 0)).toBe(true);
    expect(after.lowStock.map((s) => s.stock)).toEqual([...after.lowStock.map((s) => s.stock)].sort((a, b) => a - b));
    expect(made.filter((m) => after.lowStock.some((s) => s.skuId === m.skuId)).length).toBeGreaterThan(0);
  });
});

describe('GET /admin/dashboard takings', () => {
  it('adds up a day of orders at the per-order cap past the integer range, exactly', async () => {
    const op = await loginOperator();
    const shopper = await loginNew();
    type Dash = { revenueTodayFen: number };
    const before = await ok<Dash>(dashboardGet, req('GET', '/admin/dashboard', undefined, { token: op.token }));
    const n = Math.ceil(DB_INT_MAX / ORDER_TOTAL_MAX_FEN) + 1;
    const db = await getDb();
    await db.insert(orders).values(
      Array.from({ length: n }, (_, i) => ({
        orderNo: `2099${String(shopper.userId).padStart(8, '0')}${String(i).padStart(8, '0')}`,
        userId: shopper.userId,
        status: 'paid' as const,
        itemsTotalFen: ORDER_TOTAL_MAX_FEN,
        totalFen: ORDER_TOTAL_MAX_FEN,
        idempotencyKey: `takings-${i}`,
        payDeadline: new Date(),
        paidAt: new Date(),
      })),
    );
    const after = await ok<Dash>(dashboardGet, req('GET', '/admin/dashboard', undefined, { token: op.token }));
    expect(after.revenueTodayFen - before.revenueTodayFen).toBe(n * ORDER_TOTAL_MAX_FEN);
  });
});

describe('makeOperator (npm run admin:create)', () => {
  it('creates a new operator, promotes a shopper once, and leaves an audit row each time it changes something', async () => {
    const db = await getDb();
    const fresh = `1390${String(Date.now()).slice(-7)}`;
    const created = await makeOperator(db, `+86${fresh}`);
    expect(created).toMatchObject({ phone: fresh, outcome: 'created' });
    expect((await makeOperator(db, fresh)).outcome).toBe('unchanged');
    const rows = await auditRows('user', created.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'user.operator', actorUserId: null, before: null, after: { role: 'operator' } });

    const shopper = await loginNew();
    expect((await makeOperator(db, shopper.phone)).outcome).toBe('promoted');
    const promoted = await auditRows('user', shopper.userId);
    expect(promoted[0]).toMatchObject({ before: { role: 'shopper' }, after: { role: 'operator' } });
  });

  it('refuses a number that is not a mobile number', async () => {
    await expect(makeOperator(await getDb(), '12345')).rejects.toThrow(/手机号格式不正确/);
  });
});
