/**
 * The console's after-sales moves (docs/after-sales.md#console): 同意 / 拒绝 / 收货 (入库 or 报损) /
 * 换新发出, 重新退款, 运费补偿. Each operation is a guarded move with its audit row in one transaction;
 * refunds and SMS go out after the commit. The queue and a request as the console shows them (with the
 * buyer, the refunds and the audit) are the view lib/server/views/console-after-sales.ts.
 */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { AFTER_SALE_STATUSES, type AfterSaleStatus } from '../../../domain/after-sale';
import { AFTER_SALE_NO, afterSaleReceiveSchema, afterSaleRejectSchema, returnShippingDecisionSchema } from '../../../validation/after-sale';
import { waybillSchema } from '../../../validation/fields';
import { getDb, withTx, type DbOrTx } from '../../db/client';
import type { Page } from '../../db/paged';
import { afterSales } from '../../db/schema';
import { takeStock } from '../catalog';
import { orderPayment, refundPayment } from '../payment';
import { refundsOfAfterSale } from '../refund';
import { conflict, notFound } from '../../errors';
import { log } from '../../log';
import { moveAfterSale } from './states';
import { approve, receive } from './flow';
import { requestLines } from './lines';
import { lockOrder, orderById } from '../order';
import { emit } from '../../outbox/emit';
import { notify } from '../messages';
import { destinationOf, openWaybill } from '../tracking';
import { CARRIER_CODES } from '../../../domain/tracking';
import { stageOf } from './eligibility';
import type { AfterSaleSummary } from './view';
import { decideReturnShipping, retryReturnShipping } from './return-shipping';
import { writeAudit } from '../audit';
import { AFTER_SALE_RESHIP_COMPLETE_DAYS } from '../../../domain/after-sale-rules';
import { DAY_MS } from '../../../domain/shop-time';

type AfterSaleRow = typeof afterSales.$inferSelect;

export type AdminAfterSaleList = Page<AfterSaleSummary & { buyerPhone: string }> & { counts: Record<AfterSaleStatus, number> };

export async function findAfterSaleRow(db: DbOrTx, afterSaleNo: string): Promise<AfterSaleRow> {
  if (!AFTER_SALE_NO.test(afterSaleNo)) throw notFound('售后申请不存在');
  const [a] = await db.select().from(afterSales).where(eq(afterSales.afterSaleNo, afterSaleNo));
  if (!a) throw notFound('售后申请不存在');
  return a;
}

/** How many requests are in each state (the queue's tabs and the dashboard's 待审核 / 待收货 cards). */
export async function afterSaleCounts(db: DbOrTx): Promise<Record<AfterSaleStatus, number>> {
  const rows = await db.select({ status: afterSales.status, n: sql<number>`count(*)::int` }).from(afterSales).groupBy(afterSales.status);
  return Object.fromEntries(AFTER_SALE_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0])) as Record<AfterSaleStatus, number>;
}

/** Runs one operation: the move (and what it causes: outbox events for the refund and SMS) with its audit row. */
async function operate(
  actorUserId: number,
  afterSaleNo: string,
  action: 'aftersale.approve' | 'aftersale.reject' | 'aftersale.receive' | 'aftersale.reship' | 'aftersale.refund_retry' | 'aftersale.return_shipping' | 'aftersale.return_shipping_retry',
  work: (tx: Parameters<Parameters<typeof withTx>[0]>[0], a: AfterSaleRow) => Promise<void>,
): Promise<void> {
  const db = await getDb();
  const a = await findAfterSaleRow(db, afterSaleNo);
  await withTx(async (tx) => {
    await work(tx, a);
    const [now] = await tx.select().from(afterSales).where(eq(afterSales.id, a.id));
    const shipping = now.returnShippingFen === null ? {} : { returnShippingFen: now.returnShippingFen, returnShippingPaidFen: now.returnShippingPaidFen };
    await writeAudit(tx, {
      actorUserId,
      action,
      entity: 'after_sale',
      entityId: afterSaleNo,
      before: { status: a.status },
      after: { status: now.status, refundFen: now.refundFen, restocked: now.restocked, ...shipping },
    });
  });
  log.info({ afterSaleNo, actorUserId, action }, 'after-sales operation');
}

const stale = () => conflict('售后申请状态已变化，请刷新后重试');

export function approveAfterSale(actorUserId: number, afterSaleNo: string) {
  return operate(actorUserId, afterSaleNo, 'aftersale.approve', async (tx, a) => {
    if (a.status !== 'pending_review') throw conflict('只有待审核的售后申请可以同意');
    const o = await orderById(tx, a.orderId);
    // One stage per request (a service line never shares one with goods), so any of its lines tells it.
    const [line] = await requestLines(tx, a.id);
    const stage = stageOf(o, line.kind);
    return approve(tx, a, 'operator', stage === 'unshipped' || stage === 'service' ? stage : 'other');
  });
}

export function rejectAfterSale(actorUserId: number, afterSaleNo: string, input: unknown) {
  const v = afterSaleRejectSchema.parse(input);
  return operate(actorUserId, afterSaleNo, 'aftersale.reject', async (tx, a) => {
    await lockOrder(tx, a.orderId);
    const moved = await moveAfterSale(tx, a.id, 'pending_review', 'rejected', 'operator', `商家拒绝了申请：${v.reason}`, { rejectReason: v.reason });
    if (!moved) throw a.status === 'pending_review' ? stale() : conflict('只有待审核的售后申请可以拒绝');
    await notify(tx, a.userId, 'after_sale_rejected', { afterSaleNo, reason: v.reason }, afterSaleNo);
  });
}

export function receiveAfterSale(actorUserId: number, afterSaleNo: string, input: unknown) {
  const v = afterSaleReceiveSchema.parse(input);
  return operate(actorUserId, afterSaleNo, 'aftersale.receive', async (tx, a) => {
    if (a.status !== 'returning') throw conflict('只有退货中的售后申请可以收货');
    return receive(tx, a, v.restock);
  });
}

/** 换新发出: the new goods leave stock (409 when short) and go out with a waybill; the shopper confirms, or the clock completes it. */
export function reshipAfterSale(actorUserId: number, afterSaleNo: string, input: unknown) {
  const v = waybillSchema.parse(input);
  return operate(actorUserId, afterSaleNo, 'aftersale.reship', async (tx, a) => {
    await lockOrder(tx, a.orderId);
    const due = new Date(Date.now() + AFTER_SALE_RESHIP_COMPLETE_DAYS * DAY_MS);
    const moved = await moveAfterSale(tx, a.id, 'received', 'reshipped', 'operator', `换新商品已发出：${v.carrier}，运单号 ${v.trackingNo}`, {
      reshipCarrier: v.carrier,
      reshipTrackingNo: v.trackingNo,
      dueAt: due,
    });
    if (!moved) throw conflict('只有商家已收货的换货申请可以发出换新商品');
    // The new goods are a parcel like an order's: subscribed at the carrier after the commit, to the order's address (docs/tracking.md#exchanges).
    const o = await orderById(tx, a.orderId);
    await openWaybill(tx, { exchangeAfterSaleId: a.id, carrierCode: CARRIER_CODES[v.carrier], trackingNo: v.trackingNo, destination: destinationOf(o?.addressSnapshot ?? null) });
    await notify(tx, a.userId, 'after_sale_exchange_shipped', { afterSaleNo, carrier: v.carrier, trackingNo: v.trackingNo }, afterSaleNo);
    const items = await requestLines(tx, a.id);
    await takeStock(tx, items, (i) => conflict(`「${i.name}」库存不足，不能换新发出`));
    await emit(tx, { kind: 'products_changed', payload: { productIds: [...new Set(items.map((i) => i.productId))] } });
  });
}

/**
 * 重新退款: the provider refused the request's refund (failed: it no longer counts against the
 * payment), so a new one of the same amount is recorded and sent. Only while the request is 退款中
 * and its latest refund failed: a refund under way or done is never doubled.
 */
export function retryAfterSaleRefund(actorUserId: number, afterSaleNo: string) {
  return operate(actorUserId, afterSaleNo, 'aftersale.refund_retry', async (tx, a) => {
    await lockOrder(tx, a.orderId);
    const [now] = await tx.select().from(afterSales).where(eq(afterSales.id, a.id));
    const [last] = (await refundsOfAfterSale(tx, a.id)).filter((r) => r.kind === 'goods');
    if (now.status !== 'refunding' || last?.status !== 'failed') throw conflict('只有退款失败的售后申请可以重新退款');
    const p = await orderPayment(tx, a.orderId);
    if (!p) throw conflict('该订单没有可退款的支付记录');
    await refundPayment(tx, p.id, `售后退款 ${afterSaleNo}（重新发起）`, { amountFen: now.refundFen, afterSaleId: a.id });
  });
}

/**
 * 运费补偿 (docs/after-sales.md#return-shipping): the operator approves the return shipping the
 * shopper stated (or less, or none, with a reason), once the goods are back; paid as a refund of its own.
 */
export function decideAfterSaleReturnShipping(actorUserId: number, afterSaleNo: string, input: unknown) {
  const v = returnShippingDecisionSchema.parse(input);
  return operate(actorUserId, afterSaleNo, 'aftersale.return_shipping', (tx, a) => decideReturnShipping(tx, a, v.amount, v.reason));
}

/** 重新退款 of a 运费补偿 the provider refused. */
export function retryAfterSaleReturnShipping(actorUserId: number, afterSaleNo: string) {
  return operate(actorUserId, afterSaleNo, 'aftersale.return_shipping_retry', (tx, a) => retryReturnShipping(tx, a));
}
