/**
 * 数据's 订阅 section (docs/subscriptions.md#figures): renewals due in the next 30 days and the year's price
 * they would bring, ARR, the share of live subscriptions under 自动续费, and the renewal rate of each
 * month of the range. The SQL reads the rows, grouped where it can; lib/domain/subscription-stats.ts does
 * the arithmetic. Read straight from the tables on each request, at the edition's price of today.
 */
import 'server-only';
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { DUE_LIST_DAYS, liveWindow, stateWindow } from '../../domain/subscription-console';
import { monthEnd, monthsOf, monthStart, renewalByMonth, shareOf, termEnds, yearlyFen, type RenewalMonth } from '../../domain/subscription-stats';
import { statsQuerySchema } from '../../validation/stats';
import { getDb, type DbOrTx } from '../db/client';
import { countRows } from '../db/paged';
import { skus, subscriptionContracts, subscriptionEvents, subscriptions } from '../db/schema';
import { iso } from '../iso';
import { windowWhere } from '../modules/subscription';

export type SubscriptionStats = {
  /** The moment the figures were read at. */
  at: string;
  from: string;
  to: string;
  /** Terms ending within the next 30 days (即将到期): how many, their seats, and a year's renewal of each at today's price. */
  due: { days: number; count: number; seats: number; yearFen: number };
  /** Live subscriptions (生效中, 即将到期, 宽限期): how many, and a year of each at today's price × seats. */
  live: number;
  arrFen: number;
  /** Live subscriptions with a 自动续费 contract in force, and their share of the live ones. */
  autoRenew: { count: number; share: number };
  /** Each Beijing month of the range (from's month through to's): its term ends and how many were renewed in time. */
  renewal: RenewalMonth[];
};

/** Subscriptions under `where`, by edition: how many, their seats and the edition's price today. */
function byEdition(db: DbOrTx, where: ReturnType<typeof windowWhere>) {
  return db
    .select({ n: countRows, seats: sql<number>`coalesce(sum(${subscriptions.seats}), 0)`.mapWith(Number), priceFen: skus.priceFen })
    .from(subscriptions)
    .innerJoin(skus, eq(skus.id, subscriptions.skuId))
    .where(where)
    .groupBy(skus.id, skus.priceFen);
}

/** The figures (query: from, to as 数据 takes them; a bad one throws a 400) at `now`. */
export async function getSubscriptionStats(query: unknown, now = new Date()): Promise<SubscriptionStats> {
  const q = statsQuerySchema.parse(query);
  const months = monthsOf(q.from, q.to);
  const start = monthStart(months[0]);
  const end = monthEnd(months[months.length - 1]);
  const db = await getDb();
  const live = windowWhere(liveWindow(now));

  const [due, liveGroups, withContract, current, renewals] = await Promise.all([
    byEdition(db, windowWhere(stateWindow('due_soon', now))),
    byEdition(db, live),
    db
      .select({ n: countRows })
      .from(subscriptions)
      .where(and(live, sql`exists (select 1 from ${subscriptionContracts} c where c.subscription_id = ${subscriptions.id} and c.state = 'active')`)),
    db
      .select({ subscriptionId: subscriptions.id, endsAt: subscriptions.endsAt })
      .from(subscriptions)
      .where(and(isNull(subscriptions.refundedAt), gte(subscriptions.endsAt, start), lt(subscriptions.endsAt, end))),
    db
      .select({ subscriptionId: subscriptionEvents.subscriptionId, endsAt: subscriptionEvents.fromEndsAt, renewedAt: sql<Date>`min(${subscriptionEvents.createdAt})`.mapWith(subscriptionEvents.createdAt) })
      .from(subscriptionEvents)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionEvents.subscriptionId))
      .where(and(eq(subscriptionEvents.kind, 'renewed'), isNull(subscriptions.refundedAt), gte(subscriptionEvents.fromEndsAt, start), lt(subscriptionEvents.fromEndsAt, end)))
      .groupBy(subscriptionEvents.subscriptionId, subscriptionEvents.fromEndsAt),
  ]);

  const liveCount = liveGroups.reduce((n, g) => n + g.n, 0);
  const terms = termEnds(
    current.map((c) => ({ subscriptionId: c.subscriptionId, endsAt: c.endsAt! })),
    renewals.map((r) => ({ subscriptionId: r.subscriptionId, endsAt: r.endsAt!, renewedAt: r.renewedAt })),
  );
  return {
    at: iso(now),
    from: q.from,
    to: q.to,
    due: { days: DUE_LIST_DAYS, count: due.reduce((n, g) => n + g.n, 0), seats: due.reduce((n, g) => n + g.seats, 0), yearFen: yearlyFen(due) },
    live: liveCount,
    arrFen: yearlyFen(liveGroups),
    autoRenew: { count: withContract[0].n, share: shareOf(withContract[0].n, liveCount) },
    renewal: renewalByMonth(terms, months, now),
  };
}
