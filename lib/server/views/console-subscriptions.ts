/**
 * The console's 订阅 table (docs/subscriptions.md#the-console): subscriptions with the shopper's masked
 * phone, the product and edition, seats used of all, the state, the end, whether 自动续费 is in force and
 * the buying order; searched by phone or activation code, filtered by state or as 「30 天内到期」 (soonest
 * first), newest first otherwise, paged. A read model over subscriptions, codes, contracts, users, the
 * catalog and orders: it never writes.
 */
import 'server-only';
import { and, asc, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { daysLeft, servicePlan, SUBSCRIPTION_STATE_LABEL, subscriptionState } from '../../domain/subscription';
import { stateWindow, type SubscriptionState } from '../../domain/subscription-console';
import { maskPhone } from '../../validation/phone';
import { adminSubscriptionQuerySchema, type AdminSubscriptionQuery } from '../../validation/subscription-admin';
import { getDb, type DbOrTx } from '../db/client';
import { countRows, paged, type Page } from '../db/paged';
import { licenses, orders, products, skus, subscriptionContracts, subscriptions, users } from '../db/schema';
import { iso } from '../iso';
import { windowWhere } from '../modules/subscription';

export type ConsoleSubscriptionRow = {
  id: number;
  /** The shopper as the console names one: the masked phone, or 已注销用户. */
  shopper: string;
  productId: number;
  productName: string;
  /** The edition (个人版, 企业版 …) of the SKU it is a subscription of. */
  edition: string;
  skuId: number;
  seats: number;
  /** Seats whose code was activated and not taken back. */
  seatsUsed: number;
  state: SubscriptionState;
  stateLabel: string;
  startsAt: string | null;
  endsAt: string | null;
  daysLeft: number;
  /** A 自动续费 contract in force (signed, not ended). */
  autoRenew: boolean;
  /** The order that bought it. */
  orderNo: string;
  createdAt: string;
};

function filterOf(db: DbOrTx, q: AdminSubscriptionQuery, now: Date): SQL | undefined {
  const conds: SQL[] = [];
  if (q.list === 'due') conds.push(windowWhere(stateWindow('due_soon', now)));
  if (q.state) conds.push(windowWhere(stateWindow(q.state, now)));
  // Digits only (the schema says so): no LIKE wildcard can come from the caller.
  if (q.phone) conds.push(like(users.phone, `%${q.phone}%`));
  if (q.code) conds.push(inArray(subscriptions.id, db.select({ id: licenses.subscriptionId }).from(licenses).where(eq(licenses.code, q.code))));
  return conds.length ? and(...conds) : undefined;
}

const rowColumns = {
  s: subscriptions,
  phone: users.phone,
  deletedAt: users.deletedAt,
  productName: products.name,
  skuCode: skus.code,
  skuName: skus.name,
  priceFen: skus.priceFen,
  orderNo: orders.orderNo,
  seatsUsed: sql<number>`(select count(*) from ${licenses} l where l.subscription_id = ${subscriptions.id} and l.activated_at is not null and l.revoked_at is null)::int`.mapWith(Number),
  autoRenew: sql<boolean>`exists (select 1 from ${subscriptionContracts} c where c.subscription_id = ${subscriptions.id} and c.state = 'active')`,
};

/** The table's rows with everything a row shows joined in; the detail page starts from the same select. */
export function selectSubscriptions(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(rowColumns)
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .innerJoin(skus, eq(skus.id, subscriptions.skuId))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(where)
    .$dynamic();
}

export type SubscriptionSelected = Awaited<ReturnType<typeof selectSubscriptions>>[number];

export function toConsoleRow(r: SubscriptionSelected, now: Date): ConsoleSubscriptionRow {
  const state = subscriptionState(r.s, now);
  return {
    id: r.s.id,
    shopper: r.deletedAt ? '已注销用户' : maskPhone(r.phone),
    productId: r.s.productId,
    productName: r.productName,
    edition: servicePlan({ code: r.skuCode, name: r.skuName }).edition,
    skuId: r.s.skuId,
    seats: r.s.seats,
    seatsUsed: r.seatsUsed,
    state,
    stateLabel: SUBSCRIPTION_STATE_LABEL[state],
    startsAt: iso(r.s.startsAt),
    endsAt: iso(r.s.endsAt),
    daysLeft: daysLeft(r.s.endsAt, now),
    autoRenew: Boolean(r.autoRenew),
    orderNo: r.orderNo,
    createdAt: iso(r.s.createdAt),
  };
}

/** The 订阅 table (query: state, list=due, phone, code, page, pageSize; a bad one throws a 400 naming it). */
export async function listConsoleSubscriptions(query: unknown, now = new Date()): Promise<Page<ConsoleSubscriptionRow>> {
  const q = adminSubscriptionQuerySchema.parse(query);
  const db = await getDb();
  const where = filterOf(db, q, now);
  const count = db.select({ total: countRows }).from(subscriptions).innerJoin(users, eq(users.id, subscriptions.userId)).where(where);
  const order = q.list === 'due' ? [asc(subscriptions.endsAt), asc(subscriptions.id)] : [desc(subscriptions.id)];
  return paged(q, count, selectSubscriptions(db, where).orderBy(...order), (rows) => rows.map((r) => toConsoleRow(r, now)));
}
