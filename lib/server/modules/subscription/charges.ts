/**
 * The charges of 自动续费 (docs/subscriptions.md#the-charging-schedule): one row per subscription and term
 * end (`subscription_charges`, its unique key the once-guard of everything below), the 5-day notice sent in
 * the transaction that writes it, and the one writer of a charge's state, each move a guarded UPDATE, so
 * two instances sweeping at the same moment notice once, attempt once and fail once.
 */
import 'server-only';
import { and, eq, gt, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import { AUTO_RENEW_NOTICE_DAYS, chargeDueAt, CONTRACT_CHANNEL_LABEL, nextChargeAttempt, type ChargeState } from '../../../domain/auto-renew';
import { formatFen } from '../../../domain/money';
import { DAY_MS, shopDateTime } from '../../../domain/shop-time';
import { GRACE_DAYS, servicePlan } from '../../../domain/subscription';
import { renewalPrice } from '../../../domain/subscription-price';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { getDb, withTx, type DbOrTx, type Tx } from '../../db/client';
import { subscriptionCharges, subscriptionContracts, subscriptions } from '../../db/schema';
import { skuCards, skuCodes } from '../catalog';
import { notify } from '../messages';

export type ChargeRow = typeof subscriptionCharges.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;
type ContractRow = typeof subscriptionContracts.$inferSelect;

/** How many charges one sweep tick notices or attempts (the rest on the next ticks). */
const BATCH = 100;

/** What the shopper reads a subscription as in a message: the service, its edition, its seats. */
export async function serviceNames(db: DbOrTx, list: readonly Pick<SubscriptionRow, 'skuId' | 'seats'>[]) {
  const skuIds = list.map((s) => s.skuId);
  const [cards, codes] = await Promise.all([skuCards(db, skuIds), skuCodes(db, skuIds)]);
  return (s: Pick<SubscriptionRow, 'skuId' | 'seats'>) => {
    const card = cards.get(s.skuId);
    const code = codes.get(s.skuId);
    if (!card || !code) return null;
    const plan = servicePlan(code);
    return { service: `${card.productName}（${plan.edition}${plan.perSeat ? ` · ${s.seats} 席位` : ''}）`, yearFen: renewalPrice(card.priceFen, s.seats, 1).totalFen };
  };
}

/** The day and minute a shopper reads. */
const minute = (d: Date) => shopDateTime(d).slice(0, 16);

/**
 * The 5-day notices due at `now`: every subscription with a signed contract whose term ends within 5 days
 * (or has ended, within its 宽限期) and that has no charge for that end yet gets one, with today's price of
 * a year for every seat and the day it will be charged (the end, never sooner than 5 days after the notice).
 */
export async function noticeCharges(now = new Date()): Promise<number> {
  const db = await getDb();
  const due = await db
    .select({ id: subscriptions.id, userId: subscriptions.userId, skuId: subscriptions.skuId, seats: subscriptions.seats, endsAt: subscriptions.endsAt, contractId: subscriptionContracts.id, channel: subscriptionContracts.channel })
    .from(subscriptions)
    .innerJoin(subscriptionContracts, and(eq(subscriptionContracts.subscriptionId, subscriptions.id), eq(subscriptionContracts.state, 'active')))
    .where(
      and(
        isNull(subscriptions.refundedAt),
        lte(subscriptions.endsAt, new Date(now.getTime() + AUTO_RENEW_NOTICE_DAYS * DAY_MS)),
        gt(subscriptions.endsAt, new Date(now.getTime() - GRACE_DAYS * DAY_MS)),
        notExists(db.select({ one: sql`1` }).from(subscriptionCharges).where(and(eq(subscriptionCharges.subscriptionId, subscriptions.id), eq(subscriptionCharges.forEndsAt, subscriptions.endsAt)))),
      ),
    )
    .limit(BATCH);
  if (!due.length) return 0;
  const named = await serviceNames(db, due);
  let sent = 0;
  for (const s of due) {
    const names = named(s);
    if (!names) continue;
    const forEndsAt = s.endsAt!;
    const chargeAt = chargeDueAt(forEndsAt, now);
    await withTx(async (tx) => {
      const [c] = await tx
        .insert(subscriptionCharges)
        .values({ subscriptionId: s.id, contractId: s.contractId, forEndsAt, amountFen: names.yearFen, state: 'noticed', nextAttemptAt: chargeAt, noticedAt: now })
        .onConflictDoNothing()
        .returning();
      if (!c) return;
      await notify(tx, s.userId, 'auto_renew_notice', { service: names.service, amount: formatFen(names.yearFen), chargeAt: minute(chargeAt), channel: CONTRACT_CHANNEL_LABEL[s.channel], subscriptionId: String(s.id) }, `${c.id}:${c.amountFen}`);
      sent++;
    });
  }
  return sent;
}

/** Charges whose attempt is due at `now`: noticed ones at their day, failed ones at their retry. */
export function dueCharges(db: DbOrTx, now: Date): Promise<ChargeRow[]> {
  return db
    .select()
    .from(subscriptionCharges)
    .where(and(inArray(subscriptionCharges.state, ['noticed', 'failed']), lte(subscriptionCharges.nextAttemptAt, now)))
    .orderBy(subscriptionCharges.nextAttemptAt)
    .limit(BATCH);
}

/** Charges whose attempt was sent and whose outcome is not known here yet. */
export function chargesInFlight(db: DbOrTx): Promise<ChargeRow[]> {
  return db.select().from(subscriptionCharges).where(eq(subscriptionCharges.state, 'charging')).orderBy(subscriptionCharges.attemptedAt).limit(BATCH);
}

/** The subscription a charge renews and the contract it is charged to. */
export async function chargeParties(db: DbOrTx, c: Pick<ChargeRow, 'subscriptionId' | 'contractId'>): Promise<{ subscription: SubscriptionRow; contract: ContractRow }> {
  const [[subscription], [contract]] = await Promise.all([
    db.select().from(subscriptions).where(eq(subscriptions.id, c.subscriptionId)),
    db.select().from(subscriptionContracts).where(eq(subscriptionContracts.id, c.contractId)),
  ]);
  return { subscription, contract };
}

/** Today's price of the charge's year and the names its messages use, or null when the edition is gone from the catalog. */
export async function chargeQuote(db: DbOrTx, s: Pick<SubscriptionRow, 'skuId' | 'seats'>): Promise<{ service: string; yearFen: number } | null> {
  return (await serviceNames(db, [s]))(s);
}

/** The guarded move of a charge from one of `from` to `to` with what the move records; the charge after it, or null when it was elsewhere. */
/** One move of a charge, guarded by its state: `which` is the charge's id, or the order of its attempt. */
async function moveCharge(db: DbOrTx, which: number | { orderId: number }, from: readonly ChargeState[], to: ChargeState, set: PgUpdateSetSource<typeof subscriptionCharges> = {}, also = sql`true`): Promise<ChargeRow | null> {
  const [c] = await db
    .update(subscriptionCharges)
    .set({ ...set, state: to, updatedAt: new Date() })
    .where(and(typeof which === 'number' ? eq(subscriptionCharges.id, which) : eq(subscriptionCharges.orderId, which.orderId), inArray(subscriptionCharges.state, [...from]), also))
    .returning();
  return c ?? null;
}

/** Claims a due charge for one attempt: one claimer wins however many sweep at once. */
export const claimCharge = (db: DbOrTx, id: number, now: Date) =>
  moveCharge(db, id, ['noticed', 'failed'], 'charging', { attemptedAt: now, nextAttemptAt: null, paymentNo: null, attempts: sql`${subscriptionCharges.attempts} + 1` }, lte(subscriptionCharges.nextAttemptAt, now));

/** The attempt's order (written before the deduction is sent, so its payment finds the charge) and then its payment. */
export const chargeOrdered = (db: DbOrTx, id: number, orderId: number) => moveCharge(db, id, ['charging'], 'charging', { orderId });
export const chargeSent = (db: DbOrTx, id: number, paymentNo: string) => moveCharge(db, id, ['charging'], 'charging', { paymentNo });

/** Not charged, and never will be for this term: `reason` says why (自动续费 ended, renewed by hand, refunded). */
export const stopCharge = (db: DbOrTx, id: number, reason: string) => moveCharge(db, id, ['noticed', 'failed', 'charging'], 'stopped', { nextAttemptAt: null, lastError: reason.slice(0, 200) });

/**
 * The order of an attempt was paid: written by the payment's own transaction, which knows the order
 * (apply.ts), and by the sweep, which knows the charge, should it find one the payment missed.
 */
export const chargePaid = (db: DbOrTx, which: number | { orderId: number }) => moveCharge(db, which, ['charging', 'failed', 'noticed'], 'paid', { nextAttemptAt: null });

/**
 * The attempt in flight failed: the charge waits for its retry (1, then 3 days after the first attempt), or,
 * after the last, stays failed; the shopper is told either way, in the same transaction.
 */
export async function chargeFailed(tx: Tx, c: ChargeRow, reason: string, userId: number, names: { service: string; graceEndsAt: Date }): Promise<ChargeRow | null> {
  const retryAt = nextChargeAttempt(c.attempts, c.attemptedAt ?? new Date());
  const moved = await moveCharge(tx, c.id, ['charging'], 'failed', { nextAttemptAt: retryAt, lastError: reason.slice(0, 200) }, eq(subscriptionCharges.attempts, c.attempts));
  if (!moved) return null;
  await notify(
    tx,
    userId,
    'auto_renew_failed',
    { service: names.service, amount: formatFen(c.amountFen), reason, retryAt: retryAt ? minute(retryAt) : '', graceEndsAt: minute(names.graceEndsAt), subscriptionId: String(c.subscriptionId) },
    `${c.id}:${c.attempts}`,
  );
  return moved;
}

/**
 * Today's price is above what the shopper was told: nothing is charged now; they are told the new amount,
 * and the charge waits 5 days from this notice.
 */
export async function renoticeCharge(tx: Tx, c: ChargeRow, userId: number, names: { service: string; yearFen: number }, channel: ContractRow['channel'], now: Date): Promise<boolean> {
  const chargeAt = chargeDueAt(c.forEndsAt, now);
  const moved = await moveCharge(tx, c.id, ['noticed', 'failed'], 'noticed', { amountFen: names.yearFen, nextAttemptAt: chargeAt, noticedAt: now }, eq(subscriptionCharges.amountFen, c.amountFen));
  if (!moved) return false;
  await notify(tx, userId, 'auto_renew_notice', { service: names.service, amount: formatFen(names.yearFen), chargeAt: minute(chargeAt), channel: CONTRACT_CHANNEL_LABEL[channel], subscriptionId: String(c.subscriptionId) }, `${c.id}:${names.yearFen}`);
  return true;
}

/** A subscription's charges, newest first (its page and the console show the latest). */
export async function chargesOf(db: DbOrTx, subscriptionId: number): Promise<ChargeRow[]> {
  return db.select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, subscriptionId)).orderBy(sql`${subscriptionCharges.id} desc`);
}
