/**
 * The console's 数据 (docs/stats.md), on PGlite and PostgreSQL: a shopper's payment today raises
 * today's 成交额 by exactly its total; a refund counts on the Beijing day it settled; over orders made
 * straight in the tables on both sides of Beijing midnight every figure equals the sums taken from
 * the rows themselves, by day, week and month, with the period before; a shopper is refused, bad
 * input is a 400 naming it; the CSV carries the same numbers.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { GET as statsGet } from '@/app/api/v1/admin/stats/route';
import { GET as exportGet } from '@/app/api/v1/admin/stats/export/route';
import { AFTER_SALE_REASON_NAMES, AFTER_SALE_TYPES } from '@/lib/domain/after-sale';
import { DAY_MS, shopDay } from '@/lib/domain/shop-time';
import { addDays, averageFen, bucketStart, previousRange, type StatsGranularity } from '@/lib/domain/stats';
import { getDb } from '@/lib/server/db/client';
import { afterSales, orderItems, orders, payments, refunds } from '@/lib/server/db/schema';
import { settleRefund } from '@/lib/server/flows/refund-settled';
import type { Stats, StatsTotals } from '@/lib/server/views/stats';
import { afterSalesSuite, bought, buyer, cancelOrder, expectOk, payOrder, refundDesk, refundsOfOrder } from './after-sales-kit';
import { give, items, order } from './coupon-kit';
import { call, fails, loginNew, makeSku, ok, req, type Shopper } from './session';

let op: Shopper;
afterSalesSuite((o) => (op = o));

const query = (q: Record<string, string>) => `/admin/stats?${new URLSearchParams(q)}`;
const stats = (q: Record<string, string>, who: Shopper = op) => ok<Stats>(statsGet, req('GET', query(q), undefined, { token: who.token }));
const day = (d: string) => stats({ from: d, to: d });

describe('数据: live figures', () => {
  it("a shopper's payment today raises today's 成交额 by exactly its total, its coupon discount with it", async () => {
    const today = shopDay();
    const before = await day(today);
    const b = await buyer();
    const sku = await makeSku({ priceFen: 12_345 });
    const couponId = await give(b, { name: '无门槛 3.21', amountFen: 321 });
    const placed = await order(b, { items: items([sku, 2]), couponId });
    expect(placed.body.resultCode, placed.body.message).toBe(200);
    const o = placed.body.data!;
    expect(o.totalFen).toBe(2 * 12_345 - 321);
    const afterPlacing = await day(today);
    expect(afterPlacing.totals.ordersPlaced).toBe(before.totals.ordersPlaced + 1);
    expect(afterPlacing.totals.paidFen).toBe(before.totals.paidFen);

    await payOrder(b, o.orderNo);
    const after = await day(today);
    expect(after.totals.paidFen - before.totals.paidFen).toBe(o.totalFen);
    expect(after.totals.ordersPaid - before.totals.ordersPaid).toBe(1);
    expect(after.totals.buyers - before.totals.buyers).toBe(1);
    expect(after.totals.discountFen - before.totals.discountFen).toBe(321);
    expect(after.totals.netFen - before.totals.netFen).toBe(o.totalFen);
    expect(after.series).toHaveLength(1);
    expect(after.series[0]).toMatchObject({ date: today, paidFen: after.totals.paidFen, ordersPaid: after.totals.ordersPaid });
    const top = after.topProducts.find((p) => p.productId === sku.productId);
    expect(top).toEqual({ productId: sku.productId, name: sku.productName, units: 2, paidFen: o.totalFen });
  });

  it('a refund counts on the Beijing day it settled, not the day the order was paid', async () => {
    const today = shopDay();
    const tomorrow = addDays(today, 1);
    refundDesk.mode = 'later';
    const b = await buyer();
    const o = await bought(b, op, [{ sku: await makeSku({ priceFen: 8_800 }) }], 'paid');
    await expectOk(cancelOrder(b, o.orderNo));
    const [r] = await refundsOfOrder(o.orderNo);
    expect(r).toMatchObject({ status: 'processing', amountFen: o.totalFen });
    const [todayBefore, tomorrowBefore] = [await day(today), await day(tomorrow)];

    // The provider's word arrives after Beijing midnight.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${tomorrow}T00:00:05+08:00`) });
    try {
      expect(await settleRefund(r.id)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    const [todayAfter, tomorrowAfter] = [await day(today), await day(tomorrow)];
    expect(todayAfter.totals.refundedFen).toBe(todayBefore.totals.refundedFen);
    expect(todayAfter.totals.paidFen).toBe(todayBefore.totals.paidFen);
    expect(tomorrowAfter.totals.refundedFen - tomorrowBefore.totals.refundedFen).toBe(o.totalFen);
    expect(tomorrowAfter.totals.netFen - tomorrowBefore.totals.netFen).toBe(-o.totalFen);
    const both = await stats({ from: today, to: tomorrow });
    expect(both.series.map((p) => p.date)).toEqual([today, tomorrow]);
    expect(both.series[1].refundedFen).toBe(tomorrowAfter.totals.refundedFen);
  });
});

// ------------------------------------------------------------------ generated orders, checked against the rows

type Made = { userId: number; createdAt: Date; paidAt: Date | null; totalFen: number; discountFen: number; productId: number; quantity: number; refunds: { at: Date; fen: number; ok: boolean }[] };

const bj = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const rnd = (n: number) => Math.floor(Math.random() * n);

/**
 * Orders of a few shoppers in June 2021 (a month no other test touches), many of them within a
 * second of a Beijing midnight, some refunded (one refund failed: it never counts), one a late
 * payment (cancelled, never paid, money sent back: not a sale), with after-sales requests.
 */
async function generate(): Promise<{ made: Made[]; requests: { at: Date; type: string; reason: string }[] }> {
  const db = await getDb();
  const users = [await loginNew(), await loginNew(), await loginNew()];
  const made: Made[] = [];
  const midnight = (d: string) => new Date(`${d}T00:00:00+08:00`).getTime();
  for (let i = 0; i < 60; i++) {
    const d = `2021-06-${String(1 + rnd(28)).padStart(2, '0')}`;
    const near = rnd(2) ? midnight(d) + (rnd(2) ? -1 : 0) - rnd(3) * 500 : midnight(d) + rnd(DAY_MS);
    const paidAt = i % 10 === 9 ? null : new Date(near);
    const createdAt = new Date(near - rnd(3) * 3_600_000 - 1);
    const totalFen = 1 + rnd(500_000);
    const refundsOf: Made['refunds'] = [];
    if (paidAt && i % 4 === 0) refundsOf.push({ at: new Date(paidAt.getTime() + rnd(5) * DAY_MS + (rnd(2) ? 0 : -1)), fen: 1 + rnd(totalFen), ok: true });
    if (paidAt && i % 7 === 0) refundsOf.push({ at: new Date(paidAt.getTime() + DAY_MS), fen: 1, ok: false });
    made.push({ userId: users[i % 3].userId, createdAt, paidAt, totalFen, discountFen: rnd(2) ? rnd(1_000) : 0, productId: 1 + (i % 4), quantity: 1 + rnd(3), refunds: refundsOf });
  }
  // A late payment: cancelled, then the money came and went back. It is not a sale.
  made.push({ userId: users[0].userId, createdAt: new Date(midnight('2021-06-10')), paidAt: null, totalFen: 777, discountFen: 0, productId: 1, quantity: 1, refunds: [{ at: new Date(midnight('2021-06-11')), fen: 777, ok: true }] });

  const tag = randomBytes(3).toString('hex');
  const requests: { at: Date; type: string; reason: string }[] = [];
  for (const [i, m] of made.entries()) {
    const [o] = await db
      .insert(orders)
      .values({
        orderNo: `2021${tag}${String(i).padStart(6, '0')}`,
        userId: m.userId,
        status: m.paidAt ? 'completed' : 'cancelled',
        itemsTotalFen: m.totalFen + m.discountFen,
        discountFen: m.discountFen,
        totalFen: m.totalFen,
        idempotencyKey: `stats-${tag}-${i}`,
        payDeadline: new Date(m.createdAt.getTime() + 1_800_000),
        paidAt: m.paidAt,
        createdAt: m.createdAt,
      })
      .returning({ id: orders.id });
    await db.insert(orderItems).values({ orderId: o.id, productId: m.productId, skuId: m.productId, productName: `统计商品 ${m.productId}`, skuName: '标准', kind: 'device', priceFen: m.totalFen, quantity: m.quantity, paidFen: m.totalFen });
    if (m.refunds.length) {
      const [p] = await db
        .insert(payments)
        .values({ paymentNo: `P2021${tag}${i}`, orderId: o.id, channel: 'wechat_native', amountFen: m.totalFen, status: 'succeeded', expiresAt: m.createdAt, paidAt: m.paidAt ?? m.createdAt })
        .returning({ id: payments.id });
      for (const [j, r] of m.refunds.entries()) {
        await db.insert(refunds).values({ refundNo: `R2021${tag}${i}-${j}`, paymentId: p.id, orderId: o.id, amountFen: r.fen, reason: '测试', status: r.ok ? 'succeeded' : 'failed', refundedAt: r.ok ? r.at : null, createdAt: r.at });
      }
    }
    if (m.paidAt && i % 5 === 1) {
      const at = new Date(m.paidAt.getTime() + rnd(2) * DAY_MS);
      const type = AFTER_SALE_TYPES[i % AFTER_SALE_TYPES.length];
      const reason = AFTER_SALE_REASON_NAMES[i % AFTER_SALE_REASON_NAMES.length];
      await db.insert(afterSales).values({ afterSaleNo: `2021${tag}${String(i).padStart(8, '0')}`.slice(0, 20), orderId: o.id, userId: m.userId, type, reason, status: 'rejected', createdAt: at });
      requests.push({ at, type, reason });
    }
  }
  return { made, requests };
}

/** The figures of from … to as sums over the generated rows, computed here without SQL. */
function expected(made: Made[], from: string, to: string): Omit<StatsTotals, 'averageOrderFen'> {
  const inRange = (at: Date | null) => at !== null && bj(at) >= from && bj(at) <= to;
  const paid = made.filter((m) => inRange(m.paidAt));
  const refunded = made.filter((m) => m.paidAt).flatMap((m) => m.refunds.filter((r) => r.ok && inRange(r.at)));
  const paidFen = paid.reduce((s, m) => s + m.totalFen, 0);
  const refundedFen = refunded.reduce((s, r) => s + r.fen, 0);
  return {
    ordersPlaced: made.filter((m) => inRange(m.createdAt)).length,
    ordersPaid: paid.length,
    buyers: new Set(paid.map((m) => m.userId)).size,
    paidFen,
    refundedFen,
    netFen: paidFen - refundedFen,
    discountFen: paid.reduce((s, m) => s + m.discountFen, 0),
  };
}

describe('数据: generated orders across Beijing midnight', () => {
  it('equals the sums taken straight from the rows, for every day, week and month, with the period before', async () => {
    const { made, requests } = await generate();
    const from = '2021-06-07';
    const to = '2021-06-27';
    for (const g of ['day', 'week', 'month'] as StatsGranularity[]) {
      const s = await stats({ from, to, granularity: g });
      const points = s.series.map((p) => p.date);
      for (const [k, p] of s.series.entries()) {
        const last = k + 1 < points.length ? addDays(points[k + 1], -1) : to;
        const { date, ...figures } = p;
        expect(figures, `${g} ${date}`).toEqual(expected(made, date, last));
        expect(bucketStart(date, g) <= date && (k === 0 ? date === from : bucketStart(date, g) === date)).toBe(true);
      }
      const whole = expected(made, from, to);
      expect(s.totals).toEqual({ ...whole, averageOrderFen: Math.round(whole.paidFen / whole.ordersPaid) });
      const prev = previousRange(from, to);
      expect([s.previousFrom, s.previousTo]).toEqual([prev.from, prev.to]);
      const before = expected(made, prev.from, prev.to);
      expect(s.previous).toEqual({ ...before, averageOrderFen: before.ordersPaid ? Math.round(before.paidFen / before.ordersPaid) : 0 });
      // Sums of the series are the totals (buyers excepted: one shopper may pay on several days).
      for (const f of ['ordersPlaced', 'ordersPaid', 'paidFen', 'refundedFen', 'netFen', 'discountFen'] as const) {
        expect(s.series.reduce((n, p) => n + p[f], 0), f).toBe(s.totals[f]);
      }
      const units = new Map<number, { units: number; fen: number }>();
      for (const m of made.filter((m) => m.paidAt && bj(m.paidAt) >= from && bj(m.paidAt) <= to)) {
        const u = units.get(m.productId) ?? { units: 0, fen: 0 };
        units.set(m.productId, { units: u.units + m.quantity, fen: u.fen + m.totalFen });
      }
      expect(s.topProducts.map((p) => [p.productId, p.units, p.paidFen])).toEqual(
        [...units.entries()].sort((a, b) => b[1].fen - a[1].fen || b[1].units - a[1].units || a[0] - b[0]).map(([id, u]) => [id, u.units, u.fen]),
      );
      const asIn = requests.filter((r) => bj(r.at) >= from && bj(r.at) <= to);
      expect(s.afterSales.total).toBe(asIn.length);
      for (const t of s.afterSales.byType) expect(t.count, t.key).toBe(asIn.filter((r) => r.type === t.key).length);
      for (const r of s.afterSales.byReason) expect(r.count, r.key).toBe(asIn.filter((x) => x.reason === r.key).length);
      expect(s.afterSales.rate).toBe(Math.round((asIn.length / whole.ordersPaid) * 10_000) / 10_000);
    }
    // The week series names its weeks by their Mondays, the first clipped to the range.
    expect((await stats({ from, to, granularity: 'week' })).series.map((p) => p.date)).toEqual(['2021-06-07', '2021-06-14', '2021-06-21']);
    expect((await stats({ from: '2021-05-20', to: '2021-07-03', granularity: 'month' })).series.map((p) => p.date)).toEqual(['2021-05-20', '2021-06-01', '2021-07-01']);
  });

  it('the CSV holds the same numbers, in yuan, with 合计 and 上一周期', async () => {
    const s = await stats({ from: '2021-06-01', to: '2021-06-30', granularity: 'week' });
    const res = await exportGet(req('GET', `/admin/stats/export?from=2021-06-01&to=2021-06-30&granularity=week`, undefined, { token: op.token }), undefined);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('stats-20210601-20210630-week.csv');
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"日期","下单数","付款订单数","付款人数","成交额（元）","退款（元）","净收入（元）","优惠券抵扣（元）","客单价（元）"');
    expect(lines).toHaveLength(1 + s.series.length + 2);
    const yuan = (fen: number) => (fen / 100).toFixed(2);
    const p = s.series[0];
    const net = p.netFen < 0 ? `'${yuan(p.netFen)}` : yuan(p.netFen); // lib/server/csv.ts guards a leading minus
    expect(lines[1]).toBe(`"2021-06-01","${p.ordersPlaced}","${p.ordersPaid}","${p.buyers}","${yuan(p.paidFen)}","${yuan(p.refundedFen)}","${net}","${yuan(p.discountFen)}","${yuan(averageFen(p.paidFen, p.ordersPaid))}"`);
    expect(lines.at(-2)).toContain(`"合计 2021-06-01 至 2021-06-30","${s.totals.ordersPlaced}","${s.totals.ordersPaid}","${s.totals.buyers}","${yuan(s.totals.paidFen)}"`);
    expect(lines.at(-1)).toContain(`"上一周期 2021-05-02 至 2021-05-31"`);
  });
});

describe('数据: who and what', () => {
  it('refuses a shopper (403 没有权限) and an anonymous caller (416), as every console endpoint does', async () => {
    const shopper = await loginNew();
    for (const h of [statsGet, exportGet]) {
      expect(await fails(403, h, req('GET', '/admin/stats', undefined, { token: shopper.token }))).toBe('没有权限');
      const { body } = await call(h, req('GET', '/admin/stats'));
      expect(body.resultCode).toBe(416);
      expect(body.data ?? null).toBeNull();
    }
  });

  it('takes the last 30 days by day when nothing is asked', async () => {
    const s = await stats({});
    expect([s.from, s.to, s.granularity]).toEqual([addDays(shopDay(), -29), shopDay(), 'day']);
    expect(s.series).toHaveLength(30);
  });

  it('answers bad input with a 400 naming it', async () => {
    const bad: [Record<string, string>, string][] = [
      [{ from: '2025-13-01', to: '2025-12-31' }, '开始日期不是有效的日期'],
      [{ from: '2025-02-30', to: '2025-03-01' }, '开始日期不是有效的日期'],
      [{ from: '2025/01/01', to: '2025-01-31' }, '开始日期格式不正确，应为 2025-01-31'],
      [{ from: '2025-01-01', to: 'tomorrow' }, '结束日期格式不正确，应为 2025-01-31'],
      [{ from: '2025-02-01', to: '2025-01-31' }, '开始日期不能晚于结束日期'],
      [{ from: '2024-01-01', to: '2025-01-01' }, '统计范围最长 366 天，请缩短日期范围'],
      [{ from: '2025-01-01', to: '2025-01-31', granularity: 'year' }, '统计粒度只能是 日（day）、周（week）或 月（month）'],
      // Past the console's window: once a loop that never ended (a year past 9999 sorts before 9999).
      [{ from: '9999-12-31', to: '9999-12-31' }, '开始日期只能在 2000-01-01 至 2099-12-31 之间'],
      [{ to: '9999-12-31' }, '结束日期只能在 2000-01-01 至 2099-12-31 之间'],
      [{ from: '1999-12-31' }, '开始日期只能在 2000-01-01 至 2099-12-31 之间'],
    ];
    for (const [q, message] of bad) {
      for (const h of [statsGet, exportGet]) expect(await fails(400, h, req('GET', query(q), undefined, { token: op.token })), JSON.stringify(q)).toBe(message);
    }
    // 366 days, both ends counted, is the longest range (2024 was a leap year).
    const longest = await stats({ from: '2024-01-01', to: '2024-12-31', granularity: 'month' });
    expect(longest.series).toHaveLength(12);
  });
});
