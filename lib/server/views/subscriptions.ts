/**
 * 我的服务: the shopper's subscriptions with state, seats, codes, 自动续费 and a year's price; one with its history.
 *
 * 我的服务 (GET /subscriptions, GET /subscriptions/{id}, docs/subscriptions.md): the shopper's subscriptions
 * with their product and edition, state against the clock, seats and codes, 自动续费, the buying order and
 * today's price of a year; one subscription adds its history. Only their own: another shopper's is
 * 「服务不存在」 (404). A read model over the subscription, catalog and order tables: it never writes.
 */
import 'server-only';
import { renewalPrice } from '../../domain/subscription-price';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { SERVICE_PLANS, SUBSCRIPTION_STATE_LABEL, daysLeft, servicePlan, subscriptionState } from '../../domain/subscription';
import { SUBSCRIPTION_EVENT_LABEL, graceEndsAt, subscriptionActions } from '../../domain/subscription-actions';
import { subscriptionListSchema } from '../../validation/order';
import { getDb, type DbOrTx } from '../db/client';
import { parseId } from '../db/id';
import { countRows, paged, type Page } from '../db/paged';
import { licenses, orders, products, skus, subscriptionContracts, subscriptionEvents, subscriptions, type SubscriptionEventKind } from '../db/schema';
import type { AutoRenewView, ContractChannel } from '../../domain/auto-renew';
import { chargesOf, contractView, latestContract } from '../modules/subscription';
import { notFound } from '../errors';
import { iso } from '../iso';

export type Subscription = {
  id: number;
  productId: number;
  productName: string;
  skuId: number;
  /** The edition's name (个人版, 企业版 …) and whether its quantity is seats of one subscription. */
  edition: string;
  perSeat: boolean;
  seats: number;
  /** Seats whose code is activated and not taken back by a refund. */
  seatsUsed: number;
  state: ReturnType<typeof subscriptionState>;
  stateLabel: string;
  /** Null until the first code is activated. */
  startsAt: string | null;
  endsAt: string | null;
  /** The last moment the apps keep working and the same subscription renews from its end. */
  graceEndsAt: string | null;
  daysLeft: number;
  /** A 自动续费 contract in force, and its channel. */
  autoRenew: boolean;
  autoRenewChannel: ContractChannel | null;
  codes: { code: string; activatedAt: string | null; revoked: boolean }[];
  /** The buying order; null once the shopper deleted it (删除订单): the subscription stays theirs. */
  orderNo: string | null;
  /** One year for every seat at today's price of the edition, in fen. */
  yearPriceFen: number;
  canRenew: boolean;
  canAddSeats: boolean;
  canUpgrade: boolean;
  /** The edition an upgrade leads to (企业版), null when the plan leads nowhere. */
  upgradeTo: string | null;
};

type SubscriptionEvent = { kind: SubscriptionEventKind; label: string; at: string; fromEndsAt: string | null; toEndsAt: string | null; seats: number | null; orderNo: string | null };
/** One subscription adds its history and its latest 自动续费 contract (signing, active or ended), as the page shows it. */
export type SubscriptionDetail = Subscription & { events: SubscriptionEvent[]; contract: AutoRenewView | null; nextCharge: NextCharge | null };

/** 自动续费's next charge of this term, once noticed: when and how much (a retry after a failure says so). */
type NextCharge = { at: string; amountFen: number; retry: boolean };

const EVENT_LABEL: Record<SubscriptionEventKind, string> = SUBSCRIPTION_EVENT_LABEL;

function rows(db: DbOrTx) {
  return db
    .select({
      s: subscriptions,
      productName: products.name,
      skuCode: skus.code,
      skuName: skus.name,
      priceFen: skus.priceFen,
      orderNo: orders.orderNo,
      orderHiddenAt: orders.hiddenAt,
    })
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .innerJoin(skus, eq(skus.id, subscriptions.skuId))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .$dynamic();
}
type Row = Awaited<ReturnType<typeof rows>>[number];

/** The views of these rows: their codes and live contracts read in one query each. */
async function views(db: DbOrTx, page: Row[], now: Date): Promise<Subscription[]> {
  if (page.length === 0) return [];
  const ids = page.map((r) => r.s.id);
  const [codes, contracts] = await Promise.all([
    db
      .select({ subscriptionId: licenses.subscriptionId, code: licenses.code, activatedAt: licenses.activatedAt, revokedAt: licenses.revokedAt })
      .from(licenses)
      .where(inArray(licenses.subscriptionId, ids))
      .orderBy(asc(licenses.id)),
    db
      .select({ subscriptionId: subscriptionContracts.subscriptionId, channel: subscriptionContracts.channel })
      .from(subscriptionContracts)
      .where(and(inArray(subscriptionContracts.subscriptionId, ids), eq(subscriptionContracts.state, 'active'))),
  ]);
  const channel = new Map(contracts.map((c) => [c.subscriptionId, c.channel]));
  return page.map(({ s, ...r }) => {
    const plan = servicePlan({ code: r.skuCode, name: r.skuName });
    const state = subscriptionState(s, now);
    const own = codes.filter((c) => c.subscriptionId === s.id);
    return {
      id: s.id,
      productId: s.productId,
      productName: r.productName,
      skuId: s.skuId,
      edition: plan.edition,
      perSeat: plan.perSeat,
      seats: s.seats,
      seatsUsed: own.filter((c) => c.activatedAt && !c.revokedAt).length,
      state,
      stateLabel: SUBSCRIPTION_STATE_LABEL[state],
      startsAt: iso(s.startsAt),
      endsAt: iso(s.endsAt),
      graceEndsAt: iso(graceEndsAt(s.endsAt)),
      daysLeft: daysLeft(s.endsAt, now),
      autoRenew: channel.has(s.id),
      autoRenewChannel: channel.get(s.id) ?? null,
      codes: own.map((c) => ({ code: c.code, activatedAt: iso(c.activatedAt), revoked: Boolean(c.revokedAt) })),
      orderNo: r.orderHiddenAt ? null : r.orderNo,
      yearPriceFen: renewalPrice(r.priceFen, s.seats, 1).totalFen,
      ...subscriptionActions(state, plan),
      upgradeTo: plan.upgradeTo ? (SERVICE_PLANS[plan.upgradeTo]?.edition ?? null) : null,
    };
  });
}

/** GET /subscriptions: this shopper's subscriptions, newest first, paged. */
export async function listSubscriptions(userId: number, query: unknown, now = new Date()): Promise<Page<Subscription>> {
  const q = subscriptionListSchema.parse(query);
  const db = await getDb();
  const where = eq(subscriptions.userId, userId);
  const count = db.select({ total: countRows }).from(subscriptions).where(where);
  const list = rows(db).where(where).orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  return paged(q, count, list, (page) => views(db, page, now));
}

/** GET /subscriptions/{id}: this shopper's subscription with its history, oldest event first. */
export async function getSubscription(userId: number, rawId: number | string, now = new Date()): Promise<SubscriptionDetail> {
  const id = parseId(rawId);
  if (id === null) throw notFound('服务不存在');
  const db = await getDb();
  const [row] = await rows(db).where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  if (!row) throw notFound('服务不存在');
  const [[view], events, contract] = await Promise.all([
    views(db, [row], now),
    db
      .select({ e: subscriptionEvents, orderNo: orders.orderNo, orderHiddenAt: orders.hiddenAt })
      .from(subscriptionEvents)
      .leftJoin(orders, eq(orders.id, subscriptionEvents.orderId))
      .where(eq(subscriptionEvents.subscriptionId, id))
      .orderBy(asc(subscriptionEvents.createdAt), asc(subscriptionEvents.id)),
    latestContract(db, id),
  ]);
  const [charge] = await chargesOf(db, id);
  const pending = charge && row.s.endsAt && charge.forEndsAt.getTime() === row.s.endsAt.getTime() && charge.nextAttemptAt && (charge.state === 'noticed' || charge.state === 'failed');
  return {
    ...view,
    contract: contract ? contractView(contract) : null,
    nextCharge: pending && contract?.state === 'active' ? { at: iso(charge.nextAttemptAt)!, amountFen: charge.amountFen, retry: charge.state === 'failed' } : null,
    events: events.map(({ e, orderNo, orderHiddenAt }) => ({
      kind: e.kind,
      label: EVENT_LABEL[e.kind],
      at: iso(e.createdAt),
      fromEndsAt: iso(e.fromEndsAt),
      toEndsAt: iso(e.toEndsAt),
      seats: e.seats,
      orderNo: orderHiddenAt ? null : orderNo,
    })),
  };
}
