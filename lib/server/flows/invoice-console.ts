/**
 * The console's moves on an invoice: 开具 with its PDF, 驳回 and 红冲完成.
 *
 * The console's moves on an invoice (docs/states.md#invoice-statuses), each answering with the invoice
 * as the console sees it: 开具 (the PDF lists the order's lines less what after-sales refunded), 驳回,
 * 红冲完成. The invoice module makes each move; the order and after-sales modules say what the PDF lists.
 */
import 'server-only';
import { invoiceRejectSchema } from '../../validation/admin';
import { getDb, type DbOrTx } from '../db/client';
import { conflict, notFound } from '../errors';
import { refundedLines, refundedShippingFen } from '../modules/after-sales';
import { type AdminInvoice, completeReversal, invoiceId, invoiceRefusal, issueWithPdf, keptLines, rejectPendingInvoice } from '../modules/invoice';
import { findOrderRow, orderItemsOf } from '../modules/order';
import { findConsoleInvoice, getConsoleInvoice } from '../views/console-invoices';

/** Why a pending invoice cannot change now: gone (404), no longer pending, or its order refunded (409). */
async function refuseChange(db: DbOrTx, id: number, what: '开具' | '驳回'): Promise<never> {
  const now = await findConsoleInvoice(db, id);
  if (!now) throw notFound('发票不存在');
  if (now.status !== 'pending') throw conflict(`该发票${now.statusLabel}，只有待开票的发票可以${what}`);
  throw conflict(invoiceRefusal(now.orderStatus, '开具发票') ?? '当前订单状态不能开具发票');
}

/**
 * 开具: 404 when there is no such invoice, 409 when it is not pending or its order was refunded
 * (before or meanwhile).
 */
export async function issueInvoice(invoiceIdArg: number, actorUserId?: number | null): Promise<AdminInvoice> {
  const id = invoiceId(invoiceIdArg);
  const db = await getDb();
  const inv = await findConsoleInvoice(db, id);
  if (!inv) throw notFound('发票不存在');
  if (inv.status !== 'pending' || invoiceRefusal(inv.orderStatus)) await refuseChange(db, id, '开具');

  const order = await findOrderRow(db, inv.orderNo);
  const [items, back, shippingBack] = await Promise.all([orderItemsOf(db, order.id), refundedLines(db, order.id), refundedShippingFen(db, order.id)]);
  if (!(await issueWithPdf(id, inv, keptLines(order, items, back, shippingBack), order.userId, actorUserId))) await refuseChange(db, id, '开具');
  return getConsoleInvoice(id);
}

/** 驳回 with the reason the shopper sees (`{ reason }`, 400 without one). */
export async function rejectInvoice(invoiceIdArg: number, input: unknown, actorUserId?: number | null): Promise<AdminInvoice> {
  const id = invoiceId(invoiceIdArg);
  const { reason: why } = invoiceRejectSchema.parse(input);
  const db = await getDb();
  if (!(await rejectPendingInvoice(id, why, actorUserId))) await refuseChange(db, id, '驳回');
  return getConsoleInvoice(id);
}

/** 红冲完成: 404 when there is no such invoice, 409 when it is not waiting for its 红冲. */
export async function completeInvoiceReversal(invoiceIdArg: number, actorUserId?: number | null): Promise<AdminInvoice> {
  const id = invoiceId(invoiceIdArg);
  if (!(await completeReversal(id, actorUserId))) {
    await getConsoleInvoice(id);
    throw conflict('该发票不在待红冲状态');
  }
  return getConsoleInvoice(id);
}
