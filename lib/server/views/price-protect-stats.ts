/**
 * 数据's 价保 section: claims made and their amounts per day (week, month) of the range, and what went back.
 *
 * 价保 in 数据 (docs/stats.md#价保): per point of the range (Beijing days, weeks or months, as the rest of
 * 数据), the claims made (not refused by the provider) and their amount by the day they were made, and
 * the amount given back by the day the money went back. Read straight from the claims on each request.
 */
import 'server-only';
import { and, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { bucketDays, type StatsGranularity } from '../../domain/stats';
import { shopDayEnd, shopDayStart } from '../../domain/shop-time';
import { statsQuerySchema } from '../../validation/stats';
import { getDb } from '../db/client';
import { priceProtectClaims } from '../db/schema';

type PriceProtectPoint = { date: string; claims: number; claimedFen: number; refundedFen: number };
export type PriceProtectStats = { series: PriceProtectPoint[]; totals: Omit<PriceProtectPoint, 'date'> };

const num = (s: SQL) => sql<number>`${s}`.mapWith(Number);

/** The Beijing day, or the Monday of its week or the 1st of its month, of a timestamptz column (as the rest of 数据). */
const bucketOf = (col: PgColumn, g: StatsGranularity) => sql<string>`to_char(date_trunc('${sql.raw(g)}', (${col} at time zone 'UTC') + interval '8 hours'), 'YYYY-MM-DD')`;

export async function getPriceProtectStats(query: unknown): Promise<PriceProtectStats> {
  const q = statsQuerySchema.parse(query);
  const start = shopDayStart(q.from);
  const end = shopDayEnd(q.to);
  const db = await getDb();
  const c = priceProtectClaims;
  const made = await db
    .select({ bucket: bucketOf(c.createdAt, q.granularity), n: num(sql`count(*)`), fen: num(sql`coalesce(sum(${c.amountFen}), 0)`) })
    .from(c)
    .where(and(ne(c.status, 'failed'), gte(c.createdAt, start), lt(c.createdAt, end)))
    .groupBy(sql`1`);
  const back = await db
    .select({ bucket: bucketOf(c.refundedAt, q.granularity), fen: num(sql`coalesce(sum(${c.amountFen}), 0)`) })
    .from(c)
    .where(and(sql`${c.status} = 'refunded'`, gte(c.refundedAt, start), lt(c.refundedAt, end)))
    .groupBy(sql`1`);
  const series = bucketDays(q.from, q.to, q.granularity).map((date) => ({ date, claims: 0, claimedFen: 0, refundedFen: 0 }));
  // The first point of a range starting midway through a week or month is named by the range's first day.
  const point = (bucket: string) => series.findLast((p) => p.date <= bucket) ?? series[0];
  for (const m of made) Object.assign(point(m.bucket), { claims: point(m.bucket).claims + m.n, claimedFen: point(m.bucket).claimedFen + m.fen });
  for (const b of back) point(b.bucket).refundedFen += b.fen;
  const totals = series.reduce((t, p) => ({ claims: t.claims + p.claims, claimedFen: t.claimedFen + p.claimedFen, refundedFen: t.refundedFen + p.refundedFen }), { claims: 0, claimedFen: 0, refundedFen: 0 });
  return { series, totals };
}
