/**
 * The shopper's 发票 screens: their invoices with each order's number and the coupon's discount.
 *
 * The shopper's 发票 screens (GET /invoices, GET /invoices/{id}, docs/states.md#invoice-statuses): their
 * invoices with the order's number and the coupon's discount, read in one query. Another shopper's
 * invoice is 「发票不存在」 (404).
 */
import 'server-only';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { invoiceListSchema } from '../../validation/invoice';
import { getDb, type DbOrTx } from '../db/client';
import { countRows, paged, type Page } from '../db/paged';
import { invoices, orders } from '../db/schema';
import { notFound } from '../errors';
import { type Invoice, invoiceId, type InvoiceSummary, toInvoice, toSummary } from '../modules/invoice';

/** Invoice rows with their order's number. */
function rowsWithOrderNo(db: DbOrTx, where: SQL | undefined) {
  return db.select({ inv: invoices, orderNo: orders.orderNo, orderDiscountFen: orders.discountFen }).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).where(where).$dynamic();
}

/** GET /invoices/{id}: this user's invoice; anyone else's is 「发票不存在」 (404). */
export async function getInvoice(userId: number, id: number | string): Promise<Invoice> {
  const [r] = await rowsWithOrderNo(await getDb(), and(eq(invoices.id, invoiceId(id)), eq(invoices.userId, userId)));
  if (!r) throw notFound('发票不存在');
  return toInvoice(r);
}

/** GET /invoices: this user's invoices, newest first, paged, optionally of one state. */
export async function listInvoices(userId: number, query: unknown): Promise<Page<InvoiceSummary>> {
  const q = invoiceListSchema.parse(query);
  const db = await getDb();
  const where = q.status ? and(eq(invoices.userId, userId), eq(invoices.status, q.status)) : eq(invoices.userId, userId);
  const count = db.select({ total: countRows }).from(invoices).where(where);
  const rows = rowsWithOrderNo(db, where).orderBy(desc(invoices.createdAt), desc(invoices.id));
  return paged(q, count, rows, (page) => page.map((r) => toSummary(toInvoice(r))));
}
