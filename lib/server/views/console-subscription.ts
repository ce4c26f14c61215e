/**
 * One subscription as the console sees it (docs/subscriptions.md#the-console): the row of the 订阅 table,
 * its edition's price today, its codes (activated, taken back), its history with the order or operator
 * behind each change and the operator's reason, the reminders sent, its 自动续费 contracts and the audit
 * entries; and whether its term can be moved now. A read model: it never writes.
 */
import 'server-only';
import { renewalPrice } from '../../domain/subscription-price';
import { asc, desc, eq } from 'drizzle-orm';
import { LICENSE_STATE_LABEL, licenseState } from '../../domain/license-state';
import { CHARGE_STATE_LABEL, type ChargeState } from '../../domain/auto-renew';
import { adjustRefusal, chargeRefundRefusal, CONTRACT_CHANNEL_LABEL, CONTRACT_STATE_LABEL, REMINDER_LABEL, SUBSCRIPTION_EVENT_LABEL } from '../../domain/subscription-console';
import { maskPhone } from '../../validation/phone';
import { getDb } from '../db/client';
import { licenses, orders, subscriptionCharges, subscriptionContracts, subscriptionEvents, subscriptions, users } from '../db/schema';
import { notFound } from '../errors';
import { iso } from '../iso';
import { type AuditRow, listAudit } from './audit-log';
import { remindersOf } from '../modules/subscription';
import { type ConsoleSubscriptionRow, selectSubscriptions, toConsoleRow } from './console-subscriptions';

export type ConsoleSubscription = ConsoleSubscriptionRow & {
  skuCode: string;
  skuName: string;
  /** The edition's price today, a seat a year; × seats is what a year's renewal costs. */
  priceFen: number;
  yearFen: number;
  codes: { code: string; state: keyof typeof LICENSE_STATE_LABEL; stateLabel: string; activatedAt: string | null; revokedAt: string | null; orderNo: string }[];
  history: {
    id: number;
    kind: keyof typeof SUBSCRIPTION_EVENT_LABEL;
    kindLabel: string;
    at: string;
    orderNo: string | null;
    /** The operator of an adjustment: nickname and masked phone. */
    operator: string | null;
    reason: string | null;
    fromEndsAt: string | null;
    toEndsAt: string | null;
    seats: number | null;
  }[];
  reminders: { kind: keyof typeof REMINDER_LABEL; kindLabel: string; endsAt: string; sentAt: string }[];
  contracts: { contractNo: string; channel: string; channelLabel: string; state: string; stateLabel: string; signedAt: string | null; terminatedAt: string | null; createdAt: string }[];
  /** 自动续费's charges, newest first: each term's amount, outcome and order; `refundRefusal` null when 退还自动续费 may be pressed. */
  charges: {
    id: number;
    forEndsAt: string;
    amountFen: number;
    state: ChargeState;
    stateLabel: string;
    attempts: number;
    nextAttemptAt: string | null;
    lastError: string | null;
    orderNo: string | null;
    refundRefusal: string | null;
  }[];
  /** Why 延长/缩短服务期 is refused now (the same words the API answers with its 409), or null. */
  adjustRefusal: string | null;
  audit: AuditRow[];
};

const operatorName = (u: { phone: string | null; nickname: string | null }) => (u.phone ? `${u.nickname ? `${u.nickname} ` : ''}${maskPhone(u.phone)}` : null);

/** One subscription (404 订阅不存在). */
export async function getConsoleSubscription(id: number, now = new Date()): Promise<ConsoleSubscription> {
  const db = await getDb();
  const [r] = await selectSubscriptions(db, eq(subscriptions.id, id));
  if (!r) throw notFound('订阅不存在');
  const [codes, events, reminders, contracts, charges, audit] = await Promise.all([
    db
      .select({ code: licenses.code, activatedAt: licenses.activatedAt, revokedAt: licenses.revokedAt, orderNo: orders.orderNo })
      .from(licenses)
      .innerJoin(orders, eq(orders.id, licenses.orderId))
      .where(eq(licenses.subscriptionId, id))
      .orderBy(asc(licenses.id)),
    db
      .select({ e: subscriptionEvents, orderNo: orders.orderNo, phone: users.phone, nickname: users.nickname })
      .from(subscriptionEvents)
      .leftJoin(orders, eq(orders.id, subscriptionEvents.orderId))
      .leftJoin(users, eq(users.id, subscriptionEvents.operatorId))
      .where(eq(subscriptionEvents.subscriptionId, id))
      .orderBy(desc(subscriptionEvents.createdAt), desc(subscriptionEvents.id)),
    remindersOf(id),
    db.select().from(subscriptionContracts).where(eq(subscriptionContracts.subscriptionId, id)).orderBy(desc(subscriptionContracts.id)),
    db
      .select({ c: subscriptionCharges, orderNo: orders.orderNo, orderStatus: orders.status, paidAt: orders.paidAt })
      .from(subscriptionCharges)
      .leftJoin(orders, eq(orders.id, subscriptionCharges.orderId))
      .where(eq(subscriptionCharges.subscriptionId, id))
      .orderBy(desc(subscriptionCharges.id)),
    listAudit({ entity: 'subscription', entityId: String(id), pageSize: 50 }),
  ]);
  const row = toConsoleRow(r, now);
  return {
    ...row,
    skuCode: r.skuCode,
    skuName: r.skuName,
    priceFen: r.priceFen,
    yearFen: renewalPrice(r.priceFen, row.seats, 1).totalFen,
    codes: codes.map((c) => {
      const state = licenseState({ activatedAt: c.activatedAt, revoked: Boolean(c.revokedAt) });
      return { code: c.code, state, stateLabel: LICENSE_STATE_LABEL[state], activatedAt: iso(c.activatedAt), revokedAt: iso(c.revokedAt), orderNo: c.orderNo };
    }),
    history: events.map(({ e, orderNo, phone, nickname }) => ({
      id: e.id,
      kind: e.kind,
      kindLabel: SUBSCRIPTION_EVENT_LABEL[e.kind] ?? e.kind,
      at: iso(e.createdAt),
      orderNo,
      operator: e.operatorId ? (operatorName({ phone, nickname }) ?? '已注销用户') : null,
      reason: e.reason,
      fromEndsAt: iso(e.fromEndsAt),
      toEndsAt: iso(e.toEndsAt),
      seats: e.seats,
    })),
    reminders: reminders.map((m) => ({ kind: m.kind, kindLabel: REMINDER_LABEL[m.kind] ?? m.kind, endsAt: iso(m.endsAt), sentAt: iso(m.sentAt) })),
    contracts: contracts.map((c) => ({
      contractNo: c.contractNo,
      channel: c.channel,
      channelLabel: CONTRACT_CHANNEL_LABEL[c.channel] ?? c.channel,
      state: c.state,
      stateLabel: CONTRACT_STATE_LABEL[c.state] ?? c.state,
      signedAt: iso(c.signedAt),
      terminatedAt: iso(c.terminatedAt),
      createdAt: iso(c.createdAt),
    })),
    charges: charges.map(({ c, orderNo, orderStatus, paidAt }) => ({
      id: c.id,
      forEndsAt: iso(c.forEndsAt)!,
      amountFen: c.amountFen,
      state: c.state,
      stateLabel: CHARGE_STATE_LABEL[c.state],
      attempts: c.attempts,
      nextAttemptAt: iso(c.nextAttemptAt),
      lastError: c.lastError,
      orderNo,
      refundRefusal: chargeRefundRefusal({ state: c.state, orderStatus, paidAt }, now),
    })),
    adjustRefusal: adjustRefusal(r.s),
    audit: audit.items,
  };
}
