/**
 * The console's 发票: the queues (待开票, 待红冲) and one invoice, with its order and the shopper's masked phone.
 *
 * 发票 in the operator console (docs/states.md#invoice-statuses): the queues (待开票, 待红冲) and one
 * invoice, each with its order's number and state and the shopper's masked phone, read in one query.
 */
import 'server-only';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { ORDER_STATUS_LABEL } from '../../domain/order-status';
import { pendingInvoiceListSchema } from '../../validation/invoice';
import { maskPhone } from '../../validation/phone';
import { getDb, type DbOrTx } from '../db/client';
import { countRows, paged, type Page } from '../db/paged';
import { invoices, orders, users } from '../db/schema';
import { notFound } from '../errors';
import { type AdminInvoice, invoiceId, toInvoice } from '../modules/invoice';

/** Invoices as the console sees them, with the order and the shopper: newest first, or oldest first for the queues. */
function adminQuery(db: DbOrTx, where: SQL | undefined, oldestFirst = false) {
  return db
    .select({ inv: invoices, orderNo: orders.orderNo, orderDiscountFen: orders.discountFen, orderStatus: orders.status, phone: users.phone })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(where)
    .orderBy(oldestFirst ? asc(invoices.createdAt) : desc(invoices.createdAt), asc(invoices.id))
    .$dynamic();
}

type AdminRow = Awaited<ReturnType<typeof adminQuery>>[number];

function toAdminInvoice(r: AdminRow): AdminInvoice {
  return {
    ...toInvoice(r),
    userId: r.inv.userId,
    userPhone: maskPhone(r.phone),
    orderStatus: r.orderStatus,
    orderStatusLabel: ORDER_STATUS_LABEL[r.orderStatus],
  };
}

/** One invoice as the console sees it, or undefined. */
export async function findConsoleInvoice(db: DbOrTx, id: number): Promise<AdminInvoice | undefined> {
  const [r] = await adminQuery(db, eq(invoices.id, id));
  return r && toAdminInvoice(r);
}

/** One invoice as the console sees it (404 「发票不存在」). */
export async function getConsoleInvoice(id: number | string): Promise<AdminInvoice> {
  const r = await findConsoleInvoice(await getDb(), invoiceId(id));
  if (!r) throw notFound('发票不存在');
  return r;
}

/**
 * The console's queues, oldest first, paged like every table: `queue: 'issue'` (default) the
 * invoices waiting to be issued (待开票), `queue: 'reversal'` the issued ones whose order was
 * refunded and that wait for their 红冲.
 */
export async function listPendingInvoices(query: unknown): Promise<Page<AdminInvoice>> {
  const q = pendingInvoiceListSchema.parse(query);
  const db = await getDb();
  const where = q.queue === 'reversal' ? and(eq(invoices.status, 'issued'), eq(invoices.reversal, 'pending')) : eq(invoices.status, 'pending');
  const count = db.select({ total: countRows }).from(invoices).where(where);
  return paged(q, count, adminQuery(db, where, true), (rows) => rows.map(toAdminInvoice));
}
