/**
 * The console's 数据: sales figures over a range of Beijing days, by day, week or month, beside the period before.
 *
 * 数据: the shop's sales figures over a range of Beijing days, by day, week or month, with the period
 * of the same length before, the products sold most and the after-sales requests made. Every figure
 * is read straight from the orders, refunds and after-sales tables (no roll-up to go stale), through
 * the indexes of docs/stats.md#indexes. What each figure counts: docs/stats.md#figures.
 */
import 'server-only';
import { and, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AFTER_SALE_REASON_NAMES, AFTER_SALE_REASONS, AFTER_SALE_TYPE_LABEL, AFTER_SALE_TYPES, type AfterSaleReason, type AfterSaleType } from '../../domain/after-sale';
import { shopDayEnd, shopDayStart } from '../../domain/shop-time';
import { averageFen, bucketDays, previousRange, STATS_TOP_PRODUCTS, type StatsGranularity } from '../../domain/stats';
import { statsQuerySchema } from '../../validation/stats';
import { getDb } from '../db/client';
import { afterSales, orderItems, orders, refunds } from '../db/schema';

export type StatsFigures = {
  /** Orders placed (created) in the period, whatever became of them. */
  ordersPlaced: number;
  /** Orders paid in the period (by the day the payment arrived), refunded later or not. */
  ordersPaid: number;
  /** Distinct shoppers among those who paid. */
  buyers: number;
  /** 成交额: the totals of the orders paid in the period. */
  paidFen: number;
  /** Money that went back in the period (succeeded refunds by their refunded_at), of orders that had been paid. */
  refundedFen: number;
  /** paidFen − refundedFen. */
  netFen: number;
  /** Coupon discounts of the orders paid in the period. */
  discountFen: number;
};
type StatsPoint = StatsFigures & { date: string };
export type StatsTotals = StatsFigures & { averageOrderFen: number };
type StatsCount<K extends string> = { key: K; label: string; count: number };

export type Stats = {
  from: string;
  to: string;
  granularity: StatsGranularity;
  previousFrom: string;
  previousTo: string;
  series: StatsPoint[];
  totals: StatsTotals;
  previous: StatsTotals;
  topProducts: { productId: number; name: string; units: number; paidFen: number }[];
  afterSales: {
    /** Requests made in the period, whatever became of them. */
    total: number;
    byType: StatsCount<AfterSaleType>[];
    byReason: StatsCount<AfterSaleReason>[];
    /** total ÷ the period's ordersPaid (0.0123 = 1.23%), rounded to 4 decimals; 0 when nothing was paid. */
    rate: number;
  };
};

const num = (s: SQL) => sql<number>`${s}`.mapWith(Number);
const countAll = num(sql`count(*)`);
const PREVIOUS = 'previous';

/** The Beijing day, or the Monday of its week or the 1st of its month, of a timestamptz column: "2025-03-01". */
function bucketOf(col: PgColumn, g: StatsGranularity): SQL<string> {
  return sql<string>`to_char(date_trunc('${sql.raw(g)}', (${col} at time zone 'UTC') + interval '8 hours'), 'YYYY-MM-DD')`;
}

/** The bucket of a row of the period, or 'previous' for a row of the period before. */
function bucketOrPrevious(col: PgColumn, g: StatsGranularity, start: Date): SQL<string> {
  return sql<string>`case when ${col} >= ${start.toISOString()}::timestamptz then ${bucketOf(col, g)} else '${sql.raw(PREVIOUS)}' end`;
}

const zero = (): StatsFigures => ({ ordersPlaced: 0, ordersPaid: 0, buyers: 0, paidFen: 0, refundedFen: 0, netFen: 0, discountFen: 0 });

/** The figures of a range (query: from, to, granularity as docs/stats.md#api says; a bad one throws a 400). */
export async function getStats(query: unknown): Promise<Stats> {
  const q = statsQuerySchema.parse(query);
  const g = q.granularity;
  const prev = previousRange(q.from, q.to);
  const start = shopDayStart(q.from);
  const end = shopDayEnd(q.to);
  const prevStart = shopDayStart(prev.from);
  const db = await getDb();

  const paidFields = {
    n: countAll,
    buyers: num(sql`count(distinct ${orders.userId})`),
    fen: num(sql`coalesce(sum(${orders.totalFen}), 0)`),
    discount: num(sql`coalesce(sum(${orders.discountFen}), 0)`),
  };
  const paidIn = (from: Date, to: Date) => and(isNotNull(orders.paidAt), gte(orders.paidAt, from), lt(orders.paidAt, to));

  const [paidByBucket, paidNow, paidBefore, placed, refunded, top, asRows] = await Promise.all([
    db
      .select({ bucket: bucketOf(orders.paidAt, g), ...paidFields })
      .from(orders)
      .where(paidIn(start, end))
      .groupBy(sql`1`),
    db.select(paidFields).from(orders).where(paidIn(start, end)),
    db.select(paidFields).from(orders).where(paidIn(prevStart, start)),
    db
      .select({ bucket: bucketOrPrevious(orders.createdAt, g, start), n: countAll })
      .from(orders)
      .where(and(gte(orders.createdAt, prevStart), lt(orders.createdAt, end)))
      .groupBy(sql`1`),
    // A late payment's refund (the order had been cancelled, it never was paid) is money that never was a sale: left out on both sides.
    db
      .select({ bucket: bucketOrPrevious(refunds.refundedAt, g, start), fen: num(sql`coalesce(sum(${refunds.amountFen}), 0)`) })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(eq(refunds.status, 'succeeded'), gte(refunds.refundedAt, prevStart), lt(refunds.refundedAt, end), isNotNull(orders.paidAt)))
      .groupBy(sql`1`),
    db
      .select({
        productId: orderItems.productId,
        // The name on its newest line (a product renamed meanwhile shows as it is called now, or last was sold).
        name: sql<string>`(array_agg(${orderItems.productName} order by ${orderItems.id} desc))[1]`,
        units: num(sql`sum(${orderItems.quantity})`),
        fen: num(sql`sum(${orderItems.paidFen})`),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(paidIn(start, end))
      .groupBy(orderItems.productId)
      .orderBy(desc(sql`4`), desc(sql`3`), orderItems.productId)
      .limit(STATS_TOP_PRODUCTS),
    db
      .select({ type: afterSales.type, reason: afterSales.reason, n: countAll })
      .from(afterSales)
      .where(and(gte(afterSales.createdAt, start), lt(afterSales.createdAt, end)))
      .groupBy(afterSales.type, afterSales.reason),
  ]);

  const days = bucketDays(q.from, q.to, g);
  const points = new Map(days.map((d) => [d, { date: d, ...zero() } as StatsPoint]));
  // SQL names a week or month by its first day; the range's first point may start later (lib/domain/stats.ts bucketDays).
  const point = (bucket: string) => points.get(bucket < q.from ? q.from : bucket);
  for (const r of paidByBucket) {
    const p = point(r.bucket);
    if (p) Object.assign(p, { ordersPaid: r.n, buyers: r.buyers, paidFen: r.fen, discountFen: r.discount });
  }
  let placedBefore = 0;
  for (const r of placed) {
    if (r.bucket === PREVIOUS) placedBefore = r.n;
    else if (point(r.bucket)) point(r.bucket)!.ordersPlaced = r.n;
  }
  let refundedBefore = 0;
  for (const r of refunded) {
    if (r.bucket === PREVIOUS) refundedBefore = r.fen;
    else if (point(r.bucket)) point(r.bucket)!.refundedFen = r.fen;
  }
  const series = [...points.values()].map((p) => ({ ...p, netFen: p.paidFen - p.refundedFen }));

  const totalsOf = (paid: { n: number; buyers: number; fen: number; discount: number }, placedN: number, refundedFen: number): StatsTotals => ({
    ordersPlaced: placedN,
    ordersPaid: paid.n,
    buyers: paid.buyers,
    paidFen: paid.fen,
    refundedFen,
    netFen: paid.fen - refundedFen,
    discountFen: paid.discount,
    averageOrderFen: averageFen(paid.fen, paid.n),
  });
  const totals = totalsOf(
    paidNow[0],
    series.reduce((s, p) => s + p.ordersPlaced, 0),
    series.reduce((s, p) => s + p.refundedFen, 0),
  );

  const byType = new Map<AfterSaleType, number>();
  const byReason = new Map<AfterSaleReason, number>();
  let asTotal = 0;
  for (const r of asRows) {
    byType.set(r.type, (byType.get(r.type) ?? 0) + r.n);
    byReason.set(r.reason, (byReason.get(r.reason) ?? 0) + r.n);
    asTotal += r.n;
  }

  return {
    from: q.from,
    to: q.to,
    granularity: g,
    previousFrom: prev.from,
    previousTo: prev.to,
    series,
    totals,
    previous: totalsOf(paidBefore[0], placedBefore, refundedBefore),
    topProducts: top.map((t) => ({ productId: t.productId, name: t.name, units: t.units, paidFen: t.fen })),
    afterSales: {
      total: asTotal,
      byType: AFTER_SALE_TYPES.map((key) => ({ key, label: AFTER_SALE_TYPE_LABEL[key], count: byType.get(key) ?? 0 })),
      byReason: AFTER_SALE_REASON_NAMES.map((key) => ({ key, label: AFTER_SALE_REASONS[key].label, count: byReason.get(key) ?? 0 })),
      rate: totals.ordersPaid ? Math.round((asTotal / totals.ordersPaid) * 10_000) / 10_000 : 0,
    },
  };
}
