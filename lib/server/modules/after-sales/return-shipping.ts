/**
 * 运费补偿 (docs/after-sales.md#return-shipping): the return shipping a shopper paid for a shop-fault
 * 退货退款 or 换货, stated with the waybill (at most RETURN_SHIPPING_CAP_FEN), approved by the operator
 * after 收货 (all of it, less with a reason, or none with a reason) and paid back through the order's
 * payment as a refund of its own (refunds.kind = 'return_shipping'). Decided once: with the order row
 * locked and a guarded update of the request, so approving twice pays once.
 */
import 'server-only';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { COUNTED_AFTER_SALE_STATUSES, type AfterSaleStatus } from '../../../domain/after-sale';
import { formatFen } from '../../../domain/money';
import type { DbOrTx, Tx } from '../../db/client';
import { afterSales } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { noteAfterSale } from './states';
import { orderPayment, refundPayment } from '../payment';
import { afterSaleGoodsRecordedFen, latestReturnShippingRefund, refundableFen } from '../refund';
import { loadOrderState } from './eligibility';
import { lockOrder, type OrderRow } from '../order';
import { lineShare } from './pricing';

type AfterSaleRow = typeof afterSales.$inferSelect;

/** Once the goods are back with the shop (商家已收货 and every state after it). */
export const RETURN_SHIPPING_DECIDABLE = ['received', 'refunding', 'refunded', 'reshipped', 'completed'] as const satisfies readonly AfterSaleStatus[];

/**
 * What of the order's payment may go to 运费补偿 now: what is left of it, less the goods money the
 * order still owes (requests counted but not yet refunded) or may yet owe (units and shipping not yet
 * asked for). 运费补偿 never takes what the shopper may still get back for goods.
 */
export async function compensableFen(db: DbOrTx, o: OrderRow): Promise<number> {
  const p = await orderPayment(db, o.id);
  if (!p) return 0;
  const left = await refundableFen(db, p);
  const s = await loadOrderState(db, o);
  const [promised] = await db
    .select({ fen: sql<number>`coalesce(sum(${afterSales.refundFen}), 0)::int` })
    .from(afterSales)
    .where(and(eq(afterSales.orderId, o.id), inArray(afterSales.status, COUNTED_AFTER_SALE_STATUSES), ne(afterSales.type, 'exchange')));
  const recorded = await afterSaleGoodsRecordedFen(db, p.id);
  const owed = Math.max(promised.fen - recorded, 0);
  const unasked = s.lines.filter((l) => l.quantity > l.countedQty);
  const mayOwe = unasked.reduce((n, l) => n + lineShare(l, l.quantity - l.countedQty), 0) + (unasked.length && !s.shippingCounted ? o.shippingFen : 0);
  return Math.max(left - owed - mayOwe, 0);
}

/** The request's latest 运费补偿 refund, if any. */
export const returnShippingRefundOf = (db: DbOrTx, afterSaleId: number) => latestReturnShippingRefund(db, afterSaleId);

/** 409 unless the request's 运费补偿 may be decided now. */
function checkDecidable(a: AfterSaleRow): number {
  if (a.returnShippingFen === null) throw conflict('买家没有填写寄回运费，无需运费补偿');
  if (a.returnShippingPaidFen !== null) throw conflict('运费补偿已处理过，不能重复处理');
  if (!(RETURN_SHIPPING_DECIDABLE as readonly AfterSaleStatus[]).includes(a.status)) throw conflict('商家确认收货后才能处理运费补偿');
  return a.returnShippingFen;
}

/**
 * The operator's decision, in the caller's transaction: `amountFen` of what the shopper stated (0
 * refuses; less than stated needs a reason the shopper reads), recorded on the request and its
 * timeline, and when more than 0 a refund of its own, sent after the commit.
 */
export async function decideReturnShipping(tx: Tx, a: AfterSaleRow, amountFen: number, reason: string): Promise<void> {
  const o = await lockOrder(tx, a.orderId);
  const [now] = await tx.select().from(afterSales).where(eq(afterSales.id, a.id));
  const stated = checkDecidable(now);
  if (amountFen > stated) throw badRequest(`补偿金额不能超过买家填写的运费 ${formatFen(stated)}`);
  if (amountFen < stated && !reason) throw badRequest(amountFen === 0 ? '不予补偿时请填写原因（买家可见）' : '少于买家填写的运费时请填写原因（买家可见）');
  if (amountFen > 0) {
    const max = await compensableFen(tx, o);
    if (amountFen > max)
      throw conflict(
        max > 0
          ? `该订单最多还能原路退回 ${formatFen(max)}，补偿金额不能超过它`
          : '该订单的实付金额已全部退还（或留待商品退款），运费补偿无法原路退回；请选择不予补偿并说明原因',
      );
  }
  const [decided] = await tx
    .update(afterSales)
    .set({ returnShippingPaidFen: amountFen, returnShippingNote: reason || null, updatedAt: new Date() })
    .where(and(eq(afterSales.id, a.id), isNull(afterSales.returnShippingPaidFen)))
    .returning();
  if (!decided) throw conflict('运费补偿已处理过，不能重复处理');
  const because = reason ? `，原因：${reason}` : '';
  await noteAfterSale(
    tx,
    a.id,
    'operator',
    amountFen === 0 ? `商家不予补偿寄回运费（您填写 ${formatFen(stated)}）${because}` : `商家同意运费补偿 ${formatFen(amountFen)}${amountFen < stated ? `（您填写 ${formatFen(stated)}${because}）` : ''}，原路退回`,
  );
  if (amountFen === 0) return;
  const p = await orderPayment(tx, o.id);
  if (!p) throw conflict('该订单没有可退款的支付记录');
  await refundPayment(tx, p.id, `运费补偿 ${a.afterSaleNo}`, { amountFen, afterSaleId: a.id, kind: 'return_shipping' });
}

/** Whether the request's 运费补偿 was refused by the provider and may be sent again. */
export async function returnShippingFailed(db: DbOrTx, a: AfterSaleRow): Promise<boolean> {
  const last = await returnShippingRefundOf(db, a.id);
  return Boolean(a.returnShippingPaidFen && last?.status === 'failed');
}

/**
 * 重新退款 of a 运费补偿 the provider refused: a new refund of the approved amount, only while the
 * latest one failed (one under way or done is never doubled; the unique index says so too).
 */
export async function retryReturnShipping(tx: Tx, a: AfterSaleRow): Promise<void> {
  await lockOrder(tx, a.orderId);
  const [now] = await tx.select().from(afterSales).where(eq(afterSales.id, a.id));
  if (!(await returnShippingFailed(tx, now))) throw conflict('只有退款失败的运费补偿可以重新退款');
  const p = await orderPayment(tx, a.orderId);
  if (!p) throw conflict('该订单没有可退款的支付记录');
  await refundPayment(tx, p.id, `运费补偿 ${a.afterSaleNo}（重新发起）`, { amountFen: now.returnShippingPaidFen!, afterSaleId: a.id, kind: 'return_shipping' });
}
