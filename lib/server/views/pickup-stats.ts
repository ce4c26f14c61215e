/**
 * 数据's 上门取件 section: pickups booked over the range and what became of them.
 *
 * 数据's 上门取件 (docs/stats.md#pickups): the pickups of returns booked in the range (by the Beijing day
 * they were booked, `return_pickups.created_at`), and of those how many a courier collected, how many were
 * cancelled and how many failed, beside the period of the same length just before. Read straight from the
 * table on each request.
 */
import 'server-only';
import { and, gte, lt, sql } from 'drizzle-orm';
import { previousRange } from '../../domain/stats';
import { shopDayEnd, shopDayStart } from '../../domain/shop-time';
import { statsQuerySchema } from '../../validation/stats';
import { getDb } from '../db/client';
import { returnPickups } from '../db/schema';

export type PickupStats = {
  /** Booked in the range, whatever became of them; the others count those by their state now. */
  booked: number;
  collected: number;
  cancelled: number;
  failed: number;
  /** Booked in the period just before, for the change. */
  bookedBefore: number;
};

const count = (where: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);

export async function getPickupStats(query: unknown): Promise<PickupStats> {
  const q = statsQuerySchema.parse(query);
  const prev = previousRange(q.from, q.to);
  const start = shopDayStart(q.from);
  const end = shopDayEnd(q.to);
  const now = sql`${returnPickups.createdAt} >= ${start.toISOString()}::timestamptz`;
  const db = await getDb();
  const [r] = await db
    .select({
      booked: count(now),
      collected: count(sql`${now} and ${returnPickups.state} = 'collected'`),
      cancelled: count(sql`${now} and ${returnPickups.state} = 'cancelled'`),
      failed: count(sql`${now} and ${returnPickups.state} = 'failed'`),
      bookedBefore: count(sql`not (${now})`),
    })
    .from(returnPickups)
    .where(and(gte(returnPickups.createdAt, shopDayStart(prev.from)), lt(returnPickups.createdAt, end)));
  return r;
}
