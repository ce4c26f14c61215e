/**
 * What the console's order page adds to the shopper's view: buyer, invoice, payments, refunds, after-sales, audit trail.
 *
 * What the console's order page shows besides the shopper's own view of the order: the buyer, the
 * invoice request, the payments, every refund, the after-sales requests, what each line was paid,
 * what a 退款 would still send back, whether a request is open, and the order's audit trail. A read
 * model over several owners' tables: it never writes (the page's flow, lib/server/flows/order-admin.ts,
 * puts it together with the shopper's view).
 */
import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { AFTER_SALE_STATUS_LABEL, AFTER_SALE_TYPE_LABEL, type AfterSaleStatus } from '../../domain/after-sale';
import { PAY_CHANNEL_LABEL, type PayChannel } from '../../domain/payment-channels';
import { PAYMENT_STATUS_LABEL, type PaymentStatus } from '../../domain/payment-status';
import { REFUND_STATUS_LABEL, type RefundStatus } from '../../domain/refund-status';
import type { DbOrTx } from '../db/client';
import { afterSales, invoices, orderItems, payments, refunds, users } from '../db/schema';
import { iso } from '../iso';
import { listAudit, type AuditRow } from './audit-log';
import { hasOpenAfterSale } from '../modules/after-sales';
import { orderPayment } from '../modules/payment';
import { refundableFen } from '../modules/refund';

export type ConsoleOrderFacts = {
  buyer: { id: number; phone: string; nickname: string | null };
  /** The invoice request of the order as the console needs it (title, number, reason of a rejection). */
  invoiceRequest: { id: number; status: string; title: string; invoiceNo: string | null; rejectReason: string | null } | null;
  payments: { paymentNo: string; channel: string; channelLabel: string; amountFen: number; status: string; statusLabel: string; paidAt: string | null }[];
  /** Every refund of the order (whole-order, late or double payments, after-sales), newest first. */
  refunds: { refundNo: string; amountFen: number; status: RefundStatus; statusLabel: string; reason: string; createdAt: string; refundedAt: string | null }[];
  /** The order's after-sales requests, newest first (the console links each to its page). */
  afterSales: { afterSaleNo: string; typeLabel: string; status: AfterSaleStatus; statusLabel: string; refundFen: number; createdAt: string }[];
  /** What the console's 退款 would send back: the paying payment's amount less its refunds so far. */
  refundLeftFen: number;
  /** An after-sales request still open: the whole-order 退款 waits for it. */
  openAfterSale: boolean;
  /** order_items.paid_fen by the line's id (docs/coupons.md). */
  paidOf: Map<number, number>;
  audit: AuditRow[];
};

/** The facts of the order `row` (its id, buyer and number), read in two rounds of parallel queries. */
export async function consoleOrderFacts(db: DbOrTx, row: { id: number; userId: number; orderNo: string }): Promise<ConsoleOrderFacts> {
  const [[buyer], [invoice], pays, audit] = await Promise.all([
    db.select({ id: users.id, phone: users.phone, nickname: users.nickname }).from(users).where(eq(users.id, row.userId)),
    db
      .select({ id: invoices.id, status: invoices.status, title: invoices.title, invoiceNo: invoices.invoiceNo, rejectReason: invoices.rejectReason })
      .from(invoices)
      .where(eq(invoices.orderId, row.id)),
    db.select().from(payments).where(eq(payments.orderId, row.id)).orderBy(desc(payments.id)),
    listAudit({ entity: 'order', entityId: row.orderNo, pageSize: 50 }),
  ]);
  const [refundRows, afterSaleRows, paidBy, openAfterSale, paidRows] = await Promise.all([
    db.select().from(refunds).where(eq(refunds.orderId, row.id)).orderBy(desc(refunds.id)),
    db.select().from(afterSales).where(eq(afterSales.orderId, row.id)).orderBy(desc(afterSales.id)),
    orderPayment(db, row.id),
    hasOpenAfterSale(db, row.id),
    db.select({ id: orderItems.id, paidFen: orderItems.paidFen }).from(orderItems).where(eq(orderItems.orderId, row.id)),
  ]);
  const refundLeft = paidBy ? await refundableFen(db, paidBy) : 0;
  return {
    buyer,
    invoiceRequest: invoice ?? null,
    payments: pays.map((p) => ({
      paymentNo: p.paymentNo,
      channel: p.channel,
      channelLabel: PAY_CHANNEL_LABEL[p.channel as PayChannel] ?? p.channel,
      amountFen: p.amountFen,
      status: p.status,
      statusLabel: PAYMENT_STATUS_LABEL[p.status as PaymentStatus] ?? p.status,
      paidAt: iso(p.paidAt),
    })),
    refunds: refundRows.map((r) => ({
      refundNo: r.refundNo,
      amountFen: r.amountFen,
      status: r.status,
      statusLabel: REFUND_STATUS_LABEL[r.status],
      reason: r.reason,
      createdAt: iso(r.createdAt),
      refundedAt: iso(r.refundedAt),
    })),
    afterSales: afterSaleRows.map((a) => ({
      afterSaleNo: a.afterSaleNo,
      typeLabel: AFTER_SALE_TYPE_LABEL[a.type],
      status: a.status,
      statusLabel: AFTER_SALE_STATUS_LABEL[a.status],
      refundFen: a.refundFen,
      createdAt: iso(a.createdAt),
    })),
    refundLeftFen: refundLeft,
    openAfterSale,
    paidOf: new Map(paidRows.map((r) => [r.id, r.paidFen])),
    audit: audit.items,
  };
}
