/**
 * The console's whole-order 退款: the order to 退款中, the refund recorded, its invoice marked for reversal.
 *
 * 退款 in the console: a paid or shipped order goes to 退款中 and what is left of the money (after any
 * after-sales refunds) back through the provider that took it (not while an after-sales request of the
 * order is open; the refund's notification or the sweep settles it); its invoice then follows the refund
 * (markInvoiceForReversal in invoice.ts: an issued one waits for 红冲, a pending one is rejected),
 * and the operator's action is audited: all three in the transaction that decides the refund, so
 * none is kept without the others (docs/states.md#refunds).
 */
import 'server-only';
import { isRefundable, ORDER_STATUS_LABEL, REFUNDABLE_ORDER_STATUSES } from '../../domain/order-status';
import { operatorRefundSchema } from '../../validation/admin';
import { getDb, withTx, type Tx } from '../db/client';
import { conflict } from '../errors';
import { log } from '../log';
import { hasOpenAfterSale } from '../modules/after-sales';
import { markInvoiceForReversal } from '../modules/invoice';
import { lockOrder, moveOrder } from '../modules/order';
import { orderPayment, refundPayment } from '../modules/payment';
import { writeAudit } from '../modules/audit';
import { findOrderRow, getAdminOrder, type AdminOrder } from './order-admin';

/** paid / shipped → refunding, and the refund of what is left recorded, to go to the provider after the commit (docs/outbox.md). */
export async function refundOrder(tx: Tx, orderId: number, reason: string): Promise<void> {
  // The order row locked first, as after-sales does: a request made meanwhile is either seen here or waits.
  await lockOrder(tx, orderId);
  if (await hasOpenAfterSale(tx, orderId)) throw conflict('该订单有进行中的售后申请，请先在售后中处理');
  if (!(await moveOrder(tx, orderId, REFUNDABLE_ORDER_STATUSES, 'refunding'))) throw conflict('当前订单状态不能退款');
  const p = await orderPayment(tx, orderId);
  if (!p) throw conflict('该订单没有可退款的支付记录');
  await refundPayment(tx, p.id, reason);
}

export async function refundByOperator(actorUserId: number, orderNo: string, input: unknown): Promise<AdminOrder> {
  const v = operatorRefundSchema.parse(input);
  const db = await getDb();
  const o = await findOrderRow(db, orderNo);
  const status = o.status;
  if (!isRefundable(status)) throw conflict(`订单当前为「${ORDER_STATUS_LABEL[status]}」，只有待发货或待收货的订单可以退款`);
  const reason = v.reason ?? '商家退款';
  let invoice: Awaited<ReturnType<typeof markInvoiceForReversal>> = null;
  // guarded paid/shipped → refunding (409 when another refund won); the money goes back after it commits
  await withTx(async (tx) => {
    await refundOrder(tx, o.id, reason);
    invoice = await markInvoiceForReversal(tx, o.id);
    await writeAudit(tx, {
      actorUserId,
      action: 'order.refund',
      entity: 'order',
      entityId: orderNo,
      before: { status },
      after: { status: 'refunding', reason, invoice },
    });
  });
  log.info({ orderNo, actorUserId, invoice }, 'order refunded by operator');
  return getAdminOrder(orderNo);
}
