/**
 * The console's whole-order 退款: the order to 退款中, the refund recorded, its invoice marked for reversal.
 *
 * 退款 in the console: a paid or shipped order goes to 退款中 and the money back through the
 * provider that took it (refundOrder in payment.ts); its invoice then follows the refund
 * (markInvoiceForReversal in invoice.ts: an issued one waits for 红冲, a pending one is rejected),
 * and the operator's action is audited: all three in the transaction that decides the refund, so
 * none is kept without the others (docs/states.md#refunds).
 */
import 'server-only';
import { isRefundable, ORDER_STATUS_LABEL } from '../../domain/order-status';
import { operatorRefundSchema } from '../../validation/admin';
import { getDb, withTx } from '../db/client';
import { conflict } from '../errors';
import { log } from '../log';
import { markInvoiceForReversal } from '../modules/invoice';
import { refundOrder } from '../modules/payment';
import { writeAudit } from '../modules/audit';
import { findOrderRow, getAdminOrder, type AdminOrder } from './order-admin';

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
